import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FileInput } from "./file-input";
import { FormField } from "./form-field";

function Picker() {
  const [file, setFile] = useState<File | undefined>();
  return (
    <FormField label="Resume" hint="A .pdf file">
      {(control) => (
        <FileInput
          {...control}
          accept=".pdf"
          onChange={(e) => setFile(e.target.files?.[0])}
          fileName={file?.name}
        />
      )}
    </FormField>
  );
}

describe("FileInput", () => {
  it("is a labelled file picker that says which file is chosen", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByLabelText("Resume");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", ".pdf");
    expect(input).toHaveAccessibleDescription("A .pdf file");
    expect(screen.queryByText(/Selected file/)).toBeNull();

    await user.upload(input, new File(["%PDF-1.4"], "Ada CV.pdf", { type: "application/pdf" }));
    const chosen = screen.getByText("Ada CV.pdf");
    expect(chosen.closest("p")).toHaveTextContent("Selected file: Ada CV.pdf");
    // Announced when it changes, without interrupting.
    expect(chosen.closest("p")).toHaveAttribute("aria-live", "polite");
  });
});
