import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TECHNOLOGY_STEP_MS } from "./constants";
import { renderWeb } from "../../../testing/render-web";
import TechnologyPage from "./technology-page";

const highlighted = () => {
  const flow = screen.getByRole("list", { name: "How Pulse works" });
  const current = within(flow)
    .getAllByRole("listitem")
    .filter((step) => step.getAttribute("aria-current") === "step");
  expect(current).toHaveLength(1);
  return within(current[0]!).getByRole("heading", { level: 3 }).textContent;
};

describe("TechnologyPage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("highlights Input, then advances every 2 s through the four steps and wraps to Input", () => {
    renderWeb(<TechnologyPage />, { route: "/technology" });
    expect(TECHNOLOGY_STEP_MS).toBe(2_000);
    expect(highlighted()).toBe("Input");
    act(() => vi.advanceTimersByTime(1_999));
    expect(highlighted()).toBe("Input");
    act(() => vi.advanceTimersByTime(1));
    expect(highlighted()).toBe("AI Processing");
    act(() => vi.advanceTimersByTime(2_000));
    expect(highlighted()).toBe("Optimization");
    act(() => vi.advanceTimersByTime(2_000));
    expect(highlighted()).toBe("Output");
    act(() => vi.advanceTimersByTime(2_000));
    expect(highlighted()).toBe("Input");
  });

  it("holds the highlighted step while paused and resumes the cycle on play", () => {
    renderWeb(<TechnologyPage />, { route: "/technology" });
    act(() => vi.advanceTimersByTime(2_000));
    expect(highlighted()).toBe("AI Processing");
    fireEvent.click(screen.getByRole("button", { name: "Pause animation" }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(highlighted()).toBe("AI Processing");
    fireEvent.click(screen.getByRole("button", { name: "Play animation" }));
    act(() => vi.advanceTimersByTime(2_000));
    expect(highlighted()).toBe("Optimization");
  });

  it("stops its timer when it leaves the page", () => {
    const { unmount } = renderWeb(<TechnologyPage />, { route: "/technology" });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows four stack cards and the integrations ending in + Many More", () => {
    renderWeb(<TechnologyPage />, { route: "/technology" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("The Intelligence Behind Pulse");
    const stack = screen.getByRole("region", { name: "Technology Stack" });
    expect(within(stack).getAllByRole("heading", { level: 3 })).toHaveLength(4);
    const integrations = within(screen.getByRole("region", { name: "Integrations" })).getByRole("list", {
      name: "Integrations",
    });
    const items = within(integrations).getAllByRole("listitem");
    expect(items.at(-1)).toHaveTextContent("+ Many More");
    expect(within(integrations).getByRole("img", { name: "Google Meet" })).toBeInTheDocument();
  });
});
