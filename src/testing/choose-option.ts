import { screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";

/**
 * Opens the select (combobox) named `combobox` and picks the option named `option`, as a person would. The list may
 * open only once the select's code has arrived (OptionSelect fetches it on demand), so the option is waited for.
 */
export async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  combobox: string,
  option: string,
): Promise<void> {
  await user.click(screen.getByRole("combobox", { name: combobox }));
  await user.click(await screen.findByRole("option", { name: option }));
}
