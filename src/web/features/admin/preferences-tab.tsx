import type { SelectOption } from "@/components/ui/option-select";
import { Table, TableBody, TableCell, TableColumns, TableMessageRow, TableRow } from "@/components/ui/table";
import { COMMUNICATION_METHODS, type CommunicationMethod } from "@/lib/communication-preferences";
import { ALL, filterPreferences } from "./admin-filters";
import type { CommunicationPreference } from "./demo-data";
import { FilterBar, PersonCell } from "./filter-bar";
import type { TableFilters } from "./use-table-filters";

export const NO_PREFERENCES_TEXT = "No preferences found (Demo mode - database tables need to be created)";

const METHOD_FILTER_OPTIONS: SelectOption[] = [
  { value: ALL, label: "All Methods" },
  ...COMMUNICATION_METHODS.map((m) => ({ value: m, label: m })),
];

interface PreferencesTabProps {
  preferences: readonly CommunicationPreference[];
  filters: TableFilters<CommunicationMethod>;
}

/** SPEC §2 Preferences: the demo communication preferences, searched by user and filtered by method. */
export function PreferencesTab({ preferences, filters }: PreferencesTabProps) {
  const shown = filterPreferences(preferences, filters.search, filters.filter);
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold">Communication Preferences</h2>
        <p className="text-sm text-muted-foreground">How and when each user is notified (demo mode)</p>
      </div>
      <FilterBar
        searchLabel="Search preferences"
        filterLabel="Filter by method"
        filters={filters}
        filterOptions={METHOD_FILTER_OPTIONS}
      />
      <Table scrollLabel="Communication preferences table">
        <caption className="sr-only">Communication preferences</caption>
        <TableColumns columns={["User", "Method", "Frequency", "Work hours", "Time zone"]} />
        <TableBody>
          {shown.length === 0 ? (
            <TableMessageRow colSpan={5} text={NO_PREFERENCES_TEXT} />
          ) : (
            shown.map((p) => (
              <TableRow key={p.id}>
                <PersonCell person={p.profile} />
                <TableCell>{p.communication_method}</TableCell>
                <TableCell>{p.frequency}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {p.work_hours_start} - {p.work_hours_end}
                </TableCell>
                <TableCell>{p.timezone}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
