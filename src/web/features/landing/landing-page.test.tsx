import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWeb } from "../../../testing/render-web";
import LandingPage from "./landing-page";

function scrollWindowTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

describe("LandingPage", () => {
  afterEach(() => scrollWindowTo(0));

  it("has the headline as its only h1, the product name and the three claims", () => {
    renderWeb(<LandingPage />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "AI-Driven Project Intelligence Platform" })).toHaveProperty(
      "tagName",
      "H1",
    );
    expect(screen.getByText("Pulse", { exact: true })).toBeInTheDocument();
    const claims = within(screen.getByRole("list", { name: "Highlights" })).getAllByRole("listitem");
    expect(claims.map((c) => c.textContent)).toEqual([
      "Real-time coordination",
      "Predictive insights",
      "Intelligent automation",
    ]);
  });

  it("shows the scroll-down hint only while scrolled less than 50 px", () => {
    renderWeb(<LandingPage />);
    const hint = screen.getByRole("button", { name: "Scroll to explore" });
    expect(hint).toBeVisible();
    scrollWindowTo(49);
    expect(hint).toBeVisible();
    scrollWindowTo(50);
    expect(hint).not.toBeVisible();
    scrollWindowTo(51);
    expect(hint).not.toBeVisible();
    scrollWindowTo(10);
    expect(hint).toBeVisible();
  });

  it("shows the four feature cards and the call to action linking to /contact", () => {
    renderWeb(<LandingPage />);
    const features = screen.getByRole("region", { name: "Everything your team needs to deliver on time" });
    expect(
      within(features)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      "AI-Powered Predictive Execution",
      "Unified Cross-Platform Visibility",
      "Smart, Role-Based Notifications",
      "Seamless Integration and Sync",
    ]);
    const cta = screen.getByRole("region", { name: "Ready to Transform Your Projects?" });
    expect(within(cta).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });
});
