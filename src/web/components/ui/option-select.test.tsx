import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onDemandCode } from "../../../testing/on-demand-code";

// Radix's select is fetched on demand; these tests hold that fetch back or fail it (select.test.tsx covers the
// select itself).
afterEach(() => {
  vi.doUnmock("@/components/ui/select");
  vi.resetModules();
});

const OPTIONS = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];
const FAILED = "The options could not be loaded. Please check your connection and try again.";

/** A labelled OptionSelect, with Radix's code held back until `arrive()`, or failing its first `failures` fetches. */
async function renderSelect({ initial = "medium", failures = 0 } = {}) {
  const select = await onDemandCode("@/components/ui/select", { failures, heldBack: true });
  const { OptionSelect } = await import("./option-select");
  const { Label } = await import("./label");
  function Example() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <Label htmlFor="priority">Priority</Label>
        <OptionSelect
          id="priority"
          value={value}
          onValueChange={setValue}
          placeholder="Pick one"
          options={OPTIONS}
        />
        <output>{value}</output>
      </>
    );
  }
  const user = userEvent.setup();
  render(<Example />);
  return { arrive: select.arrive, user, fetches: () => select.fetches };
}

const trigger = () => screen.getByRole("combobox", { name: "Priority" });

describe("OptionSelect before Radix's code is here", () => {
  it("is a labelled, closed combobox showing the chosen option, or the placeholder", async () => {
    await renderSelect();
    expect(trigger()).toHaveTextContent("Medium");
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
    expect(trigger()).not.toHaveAttribute("data-placeholder");
    cleanup();
    vi.resetModules();
    await renderSelect({ initial: "" });
    expect(trigger()).toHaveTextContent("Pick one");
    expect(trigger()).toHaveAttribute("data-placeholder", "");
  });

  it("pressed, is busy until the list arrives opened, and the choice is reported", async () => {
    const { arrive, user } = await renderSelect();
    await user.click(trigger());
    expect(trigger()).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Low", "Medium", "High"]);
    await user.click(screen.getByRole("option", { name: "High" }));
    expect(screen.getByRole("status")).toHaveTextContent("high");
    expect(trigger()).toHaveTextContent("High");
  });

  it("a finger opens it on release, as Radix's trigger does (a touch may start a scroll)", async () => {
    const { arrive, user } = await renderSelect();
    await user.pointer({ keys: "[TouchA>]", target: trigger() });
    expect(trigger()).toHaveAttribute("aria-busy", "false");
    await user.pointer({ keys: "[/TouchA]", target: trigger() });
    expect(trigger()).toHaveAttribute("aria-busy", "true");
    arrive();
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
  });

  it("opened from the keyboard, the list arrives with the chosen option focused and the arrows work", async () => {
    const { arrive, user } = await renderSelect();
    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.keyboard("{Enter}");
    arrive();
    await waitFor(() => expect(screen.getByRole("option", { name: "Medium" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent("high");
  });

  it("gives way to Radix's select once the page is shown, keeping the focus", async () => {
    const { arrive, user, fetches } = await renderSelect();
    await user.tab();
    const plain = trigger();
    await waitFor(() => expect(fetches()).toBe(1));
    arrive();
    await waitFor(() => expect(trigger()).not.toBe(plain));
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveTextContent("Medium");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("says so when the code cannot be fetched, and the next press fetches it again", async () => {
    const { arrive, user, fetches } = await renderSelect({ failures: 2 });
    // The fetch once the page is shown failed: nothing is said until the list is asked for.
    await waitFor(() => expect(fetches()).toBe(1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(trigger());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILED);
    expect(trigger()).toHaveAccessibleDescription(FAILED);
    expect(trigger()).toHaveAttribute("aria-busy", "false");
    arrive();
    await user.click(trigger());
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    expect(fetches()).toBe(3);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
