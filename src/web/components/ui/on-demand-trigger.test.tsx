import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { onDemand, type OnDemand } from "@/lib/on-demand";
import { OnDemandTrigger, type OnDemandPopup } from "./on-demand-trigger";

// The three uses (option-select, add-project, candidate-actions) are tested with their real controls; these tests
// pin what the trigger does for each kind of popup, with a control that shows how it was asked to open.

const FAILED = "The control could not be loaded.";

/**
 * A trigger whose code the test answers (`arrive()`), or `code`; the control says how it took the stand-in's place.
 */
function renderTrigger(
  popup: OnDemandPopup,
  { beforePress = false, code }: { beforePress?: boolean; code?: OnDemand<string> } = {},
) {
  let arrive!: () => void;
  const fetch = vi.fn(() => new Promise<string>((resolve) => (arrive = () => resolve("Control"))));
  code ??= onDemand(fetch);
  const user = userEvent.setup();
  render(
    <OnDemandTrigger
      code={code}
      popup={popup}
      beforePress={beforePress}
      failedText={FAILED}
      look={(props) => <button {...props} aria-label="Stand-in" />}
      control={(name, { open, autoFocus, openedByKey }) => (
        <button autoFocus={autoFocus} data-open={open} data-by-key={openedByKey.current}>
          {name}
        </button>
      )}
    />,
  );
  return { user, fetch, arrive: () => arrive() };
}

const standIn = () => screen.getByLabelText("Stand-in");

/** Presses `key` on the focused stand-in; says whether that opened it (the control then arrives opened, by key). */
async function opensOnKey(popup: OnDemandPopup, key: string) {
  const { user, fetch, arrive } = renderTrigger(popup);
  await user.tab();
  await user.keyboard(key);
  const opened = fetch.mock.calls.length === 1;
  if (opened) {
    expect(standIn()).toHaveAttribute("aria-busy", "true");
    arrive();
    const control = await screen.findByRole("button", { name: "Control" });
    expect(control).toHaveAttribute("data-open", "true");
    expect(control).toHaveAttribute("data-by-key", String(popup !== "dialog"));
  } else expect(standIn()).toHaveAttribute("aria-busy", "false");
  cleanup();
  return opened;
}

describe("OnDemandTrigger", () => {
  it("before its code is here, is a closed button of its popup's kind", () => {
    renderTrigger("listbox");
    expect(screen.getByRole("combobox", { name: "Stand-in" })).toHaveAttribute("aria-expanded", "false");
    cleanup();
    renderTrigger("menu");
    expect(screen.getByRole("button", { name: "Stand-in" })).toHaveAttribute("aria-haspopup", "menu");
    cleanup();
    renderTrigger("dialog");
    expect(screen.getByRole("button", { name: "Stand-in" })).toHaveAttribute("aria-haspopup", "dialog");
  });

  it("opens from the keys Radix's trigger of that kind opens on, and from no other", async () => {
    const keys = { space: "[Space]", enter: "{Enter}", up: "{ArrowUp}", down: "{ArrowDown}", a: "a" };
    const opening = async (popup: OnDemandPopup) => {
      const opened: string[] = [];
      for (const [name, key] of Object.entries(keys)) if (await opensOnKey(popup, key)) opened.push(name);
      return opened;
    };
    expect(await opening("listbox")).toEqual(["space", "enter", "up", "down"]);
    expect(await opening("menu")).toEqual(["space", "enter", "down"]);
    // A button's Enter and Space click it, which opens a dialog.
    expect(await opening("dialog")).toEqual(["space", "enter"]);
  });

  it("a menu opens on the main button's press, not on a right or control press", async () => {
    const { user, fetch, arrive } = renderTrigger("menu");
    await user.pointer({ keys: "[MouseRight]", target: standIn() });
    await user.keyboard("{Control>}");
    await user.pointer({ keys: "[MouseLeft]", target: standIn() });
    await user.keyboard("{/Control}");
    expect(fetch).not.toHaveBeenCalled();
    await user.pointer({ keys: "[MouseLeft>]", target: standIn() });
    expect(standIn()).toHaveAttribute("aria-busy", "true");
    arrive();
    const control = await screen.findByRole("button", { name: "Control" });
    expect(control).toHaveAttribute("data-open", "true");
    expect(control).toHaveAttribute("data-by-key", "false");
  });

  it("with beforePress, the control takes its place unopened when the code arrives, with the focus it had", async () => {
    const { user, fetch, arrive } = renderTrigger("listbox", { beforePress: true });
    await user.tab();
    expect(standIn()).toHaveFocus();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    arrive();
    const control = await screen.findByRole("button", { name: "Control" });
    expect(control).toHaveAttribute("data-open", "false");
    expect(control).toHaveFocus();
  });

  it("without beforePress, code already here waits for the press, and then opens at once", async () => {
    const code = onDemand(() => Promise.resolve("Control"));
    await code.load();
    const { user } = renderTrigger("menu", { code });
    expect(standIn()).toHaveAttribute("aria-busy", "false");
    await user.click(standIn());
    expect(screen.getByRole("button", { name: "Control" })).toHaveAttribute("data-open", "true");
  });

  it("says a failed fetch beside it, not busy, and the next press fetches again", async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("Control");
    const { user } = renderTrigger("dialog", { code: onDemand(fetch) });
    await user.click(standIn());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILED);
    expect(standIn()).toHaveAccessibleDescription(FAILED);
    expect(standIn()).toHaveAttribute("aria-busy", "false");
    await user.click(standIn());
    expect(await screen.findByRole("button", { name: "Control" })).toHaveAttribute("data-open", "true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
