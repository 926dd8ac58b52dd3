import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../testing/render-web";
import NotFoundPage from "./not-found-page";

describe("NotFoundPage", () => {
  it("says the page was not found, links home, and logs the missing path", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderWeb(<NotFoundPage />, { route: "/missing/page" });
    expect(screen.getByText("Oops! Page not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("404"), "/missing/page");
    error.mockRestore();
  });
});
