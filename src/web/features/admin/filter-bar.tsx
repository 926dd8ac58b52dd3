import { SearchInput } from "@/components/ui/search-input";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";
import { TableCell } from "@/components/ui/table";
import type { PreferenceProfile } from "./demo-data";
import type { TableFilters } from "./use-table-filters";

interface FilterBarProps<F extends string> {
  searchLabel: string;
  filterLabel: string;
  filters: TableFilters<F>;
  filterOptions: readonly SelectOption[];
}

/** The search box and the one filter of an admin table (User Admin: role; Preferences: method). */
export function FilterBar<F extends string>({
  searchLabel,
  filterLabel,
  filters,
  filterOptions,
}: FilterBarProps<F>) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex-1">
        <SearchInput label={searchLabel} value={filters.search} onValueChange={filters.setSearch} />
      </div>
      <OptionSelect
        aria-label={filterLabel}
        value={filters.filter}
        // The options are built from the same lists as F, so every value is one of them.
        onValueChange={(value) => filters.setFilter(value as F)}
        options={filterOptions}
        className="sm:w-48"
      />
    </div>
  );
}

/** The one row a table shows when nothing matches. */
/** A user's name over their e-mail, the first cell of both admin tables. */
export function PersonCell({ person }: { person: PreferenceProfile }) {
  return (
    <TableCell>
      <span className="font-medium">
        {person.first_name} {person.last_name}
      </span>
      <span className="block text-xs text-muted-foreground">{person.email}</span>
    </TableCell>
  );
}
