import { act, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useScrolledPast } from "./use-scrolled-past";

function Probe({ label }: { label: string }) {
  const past = useScrolledPast(50);
  return <p>{`${label} ${past ? "past" : "above"}`}</p>;
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => scrollWindowTo(0));

describe("useScrolledPast", () => {
  it("follows the scroll events, past 50 px only above 50", () => {
    render(<Probe label="nav" />);
    expect(screen.getByText("nav above")).toBeInTheDocument();
    scrollWindowTo(51);
    expect(screen.getByText("nav past")).toBeInTheDocument();
    scrollWindowTo(50);
    expect(screen.getByText("nav above")).toBeInTheDocument();
  });

  it("does not read the position again when the page changes, which would lay the changed page out at once", () => {
    scrollWindowTo(80);
    let reads = 0;
    Object.defineProperty(window, "scrollY", {
      configurable: true,
      get: () => {
        reads += 1;
        return 80;
      },
    });
    const { rerender } = render(<Probe label="first" />);
    rerender(<Probe label="second" />);
    rerender(<Probe label="third" />);
    expect(screen.getByText("third past")).toBeInTheDocument();
    expect(reads).toBe(0);
  });

  it("hydrating a pre-rendered page, it follows the scroll events from the start", async () => {
    // A fresh module: nothing has read the position yet, as in a browser hydrating the landing page, where React
    // first reads it after subscribing.
    vi.resetModules();
    const { useScrolledPast: freshHook } = await import("./use-scrolled-past");
    function Hydrated() {
      return <p>{`hydrated ${freshHook(50) ? "past" : "above"}`}</p>;
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Hydrated />);
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <Hydrated />));
    expect(container).toHaveTextContent("hydrated above");
    scrollWindowTo(51);
    expect(container).toHaveTextContent("hydrated past");
    scrollWindowTo(0);
    expect(container).toHaveTextContent("hydrated above");
    act(() => root.unmount());
    container.remove();
  });
});
