import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumns,
  TableHead,
  TableHeader,
  TableRow,
} from "./table";

describe("Table", () => {
  it("is a real table with column headers and cells", () => {
    render(
      <Table>
        <TableCaption>Users</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
            <TableCell>admin</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole("table", { name: "Users" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Role"]);
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByRole("cell", { name: "Ada" })).toBeInTheDocument();
  });

  it("with scrollLabel, its scrolling box is a named region a keyboard can reach", () => {
    render(
      <Table scrollLabel="Users table">
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole("region", { name: "Users table" })).toHaveAttribute("tabindex", "0");
  });

  it("without it, the box is neither a region nor a tab stop", () => {
    const { container } = render(
      <Table>
        <TableBody />
      </Table>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    expect(container.querySelector("[tabindex]")).toBeNull();
  });

  it("TableColumns writes the header row from a list", () => {
    render(
      <Table>
        <caption>Roles</caption>
        <TableColumns columns={["Name", "Role"]} />
      </Table>,
    );
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Role"]);
  });
});
