import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onDemandCode } from "../../../testing/on-demand-code";

// The menu's code is fetched on demand; these tests hold that fetch back or fail it (streams-page.test.tsx covers
// the menu itself).
afterEach(() => {
  vi.doUnmock("@/features/streams/candidate-menu");
  vi.resetModules();
});

/** The button, with the menu's code held back until `arrive()`. */
async function renderHeldBack() {
  const { arrive } = await onDemandCode("@/features/streams/candidate-menu", { heldBack: true });
  const { CandidateActions } = await import("./candidate-actions");
  const user = userEvent.setup();
  render(<CandidateActions name="Launch" creating={false} onCreate={() => undefined} />);
  return { arrive, user };
}

const FAILED = "The menu could not be loaded. Please check your connection and try again.";
const actions = () => screen.getByRole("button", { name: "Actions for Launch" });

describe("a candidate's Actions button", () => {
  it("pressed before the menu's code is here, is busy until the menu arrives opened", async () => {
    const { arrive, user } = await renderHeldBack();
    expect(actions()).toHaveAttribute("aria-busy", "false");

    await user.click(actions());
    expect(actions()).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    arrive();
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Create New PulseMap" })).toBeInTheDocument();
    // The open menu hides the rest of the page from the accessibility tree.
    expect(screen.getByRole("button", { name: "Actions for Launch", hidden: true })).toHaveAttribute(
      "aria-busy",
      "false",
    );
  });

  it("opened from the keyboard before the code is here, the menu starts on its first item", async () => {
    const { arrive, user } = await renderHeldBack();
    await user.tab();
    await user.keyboard("{Enter}");
    arrive();
    const menu = await screen.findByRole("menu");
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Create New PulseMap" })).toHaveFocus(),
    );
  });

  it("says so when the code cannot be fetched, and the next press fetches it again", async () => {
    const menu = await onDemandCode("@/features/streams/candidate-menu", { failures: 1 });
    const { CandidateActions } = await import("./candidate-actions");
    const user = userEvent.setup();
    render(<CandidateActions name="Launch" creating={false} onCreate={() => undefined} />);

    await user.click(actions());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILED);
    expect(actions()).toHaveAccessibleDescription(FAILED);
    expect(actions()).toHaveAttribute("aria-busy", "false");

    await user.click(actions());
    expect(await screen.findByRole("menu")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(menu.fetches).toBe(2);
  });
});
