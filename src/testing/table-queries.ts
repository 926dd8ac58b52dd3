import { within } from "@testing-library/react";

/** The text of a table's column headers, in order. */
export const columnHeaders = (table: HTMLElement): (string | null)[] =>
  within(table)
    .getAllByRole("columnheader")
    .map((h) => h.textContent);
