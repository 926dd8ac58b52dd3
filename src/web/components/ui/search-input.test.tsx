import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SearchInput } from "./search-input";

function Example() {
  const [value, setValue] = useState("");
  return <SearchInput label="Search users" value={value} onValueChange={setValue} />;
}

describe("SearchInput", () => {
  it("is a named searchbox whose placeholder follows its name, reporting each change", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const box = screen.getByRole("searchbox", { name: "Search users" });
    expect(box).toHaveAttribute("placeholder", "Search users...");
    await user.type(box, "Ada");
    expect(box).toHaveValue("Ada");
  });
});
