import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from "./resizable";

function Example({ autoSaveId }: { autoSaveId?: string }) {
  return (
    <ResizablePanelGroup direction="horizontal" autoSaveId={autoSaveId}>
      <ResizablePanel id="left" order={1} defaultSize={25} minSize={20} maxSize={35}>
        Left
      </ResizablePanel>
      <ResizableHandle aria-label="Resize left" />
      <ResizablePanel id="centre" order={2} defaultSize={50} minSize={30}>
        Centre
      </ResizablePanel>
      <ResizableHandle aria-label="Resize right" />
      <ResizablePanel id="right" order={3} defaultSize={25} minSize={20} maxSize={35}>
        Right
      </ResizablePanel>
    </ResizablePanelGroup>
  );
}

const handle = (name: string) => screen.getByRole("separator", { name });

describe("Resizable panels", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("exposes each handle as a focusable separator carrying the panel size in percent", () => {
    render(<Example />);
    expect(handle("Resize left")).toHaveAttribute("tabindex", "0");
    expect(handle("Resize left")).toHaveAttribute("aria-valuenow", "25");
    expect(handle("Resize left")).toHaveAttribute("aria-valuemin", "20");
    expect(handle("Resize left")).toHaveAttribute("aria-valuemax", "35");
  });

  it("moves 10 % per arrow key and 100 % (to the limit) with Shift", () => {
    render(<Example />);
    const left = handle("Resize left");
    fireEvent.keyDown(left, { key: "ArrowLeft" });
    expect(left).toHaveAttribute("aria-valuenow", "20");
    fireEvent.keyDown(left, { key: "ArrowRight" });
    expect(left).toHaveAttribute("aria-valuenow", "30");
    fireEvent.keyDown(left, { key: "ArrowLeft", shiftKey: true });
    expect(left).toHaveAttribute("aria-valuenow", "20");
    fireEvent.keyDown(left, { key: "ArrowRight", shiftKey: true });
    expect(left).toHaveAttribute("aria-valuenow", "35");
  });

  it("saves the layout under its id 100 ms after the last change, and restores it", () => {
    vi.useFakeTimers();
    const { unmount } = render(<Example autoSaveId="test-layout" />);
    fireEvent.keyDown(handle("Resize left"), { key: "ArrowRight" });
    const key = "react-resizable-panels:test-layout";
    vi.advanceTimersByTime(99);
    const before = localStorage.getItem(key);
    expect(before === null || !before.includes("35")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(key)).toContain("[35,40,25]");
    unmount();
    render(<Example autoSaveId="test-layout" />);
    expect(handle("Resize left")).toHaveAttribute("aria-valuenow", "35");
  });
});
