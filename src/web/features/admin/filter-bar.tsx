import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { OptionSelect, type SelectOption } from "@/components/ui/select";
import { TableCell, TableRow } from "@/components/ui/table";

interface FilterBarProps {
  searchLabel: string;
  search: string;
  onSearchChange: (value: string) => void;
  filterLabel: string;
  filter: string;
  onFilterChange: (value: string) => void;
  filterOptions: readonly SelectOption[];
}

/** The search box and the one filter of an admin table (User Admin: role; Preferences: method). */
export function FilterBar({
  searchLabel,
  search,
  onSearchChange,
  filterLabel,
  filter,
  onFilterChange,
  filterOptions,
}: FilterBarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={`${searchLabel}...`}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          className="pl-9"
        />
      </div>
      <OptionSelect
        aria-label={filterLabel}
        value={filter}
        onValueChange={onFilterChange}
        options={filterOptions}
        className="sm:w-48"
      />
    </div>
  );
}

/** The one row a table shows when nothing matches. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-8 text-center text-muted-foreground">
        {text}
      </TableCell>
    </TableRow>
  );
}
