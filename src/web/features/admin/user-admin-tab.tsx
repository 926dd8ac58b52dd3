import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";
import { Table, TableBody, TableCell, TableColumns, TableMessageRow, TableRow } from "@/components/ui/table";
import { formatDay, parseIsoDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { ADMIN_ROLES, type AdminRole } from "./constants";
import { ALL, filterUsers } from "./admin-filters";
import type { AdminUser } from "./demo-data";
import { FilterBar, PersonCell } from "./filter-bar";
import { RoleBadge } from "./role-badge";
import type { TableFilters } from "./use-table-filters";

export const NO_USERS_TEXT = "No users found (Demo mode - database tables need to be created)";
export const ROLE_UPDATED_TEXT = "User role updated successfully (demo mode)";

const ROLE_OPTIONS: SelectOption[] = ADMIN_ROLES.map((r) => ({ value: r, label: r }));
const ROLE_FILTER_OPTIONS: SelectOption[] = [{ value: ALL, label: "All Roles" }, ...ROLE_OPTIONS];

const formatDate = (iso: string | null) => (iso ? formatDay(parseIsoDate(iso)) : "Never");
const fullName = (u: AdminUser) => `${u.first_name} ${u.last_name}`;

interface UserAdminTabProps {
  users: readonly AdminUser[];
  filters: TableFilters<AdminRole>;
}

/** SPEC §2 User Admin: the demo users, searched and filtered by role; role changes and Add User are demo only. */
export function UserAdminTab({ users, filters }: UserAdminTabProps) {
  const shown = filterUsers(users, filters.search, filters.filter);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold">User Management</h2>
          <p className="text-sm text-muted-foreground">Manage user roles and permissions (demo mode)</p>
        </div>
        {/* SPEC gives Add User no behaviour: it does nothing (decision 0045). */}
        <Button type="button">
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </div>
      <FilterBar
        searchLabel="Search users"
        filterLabel="Filter by role"
        filters={filters}
        filterOptions={ROLE_FILTER_OPTIONS}
      />
      <Table>
        <caption className="sr-only">Users</caption>
        <TableColumns columns={["User", "Role", "Created", "Last sign-in", "Change role"]} />
        <TableBody>
          {shown.length === 0 ? (
            <TableMessageRow colSpan={5} text={NO_USERS_TEXT} />
          ) : (
            shown.map((u) => (
              <TableRow key={u.id}>
                <PersonCell person={u} />
                <TableCell>
                  <RoleBadge role={u.role} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(u.created_at)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(u.last_sign_in_at)}</TableCell>
                <TableCell className="min-w-44">
                  <OptionSelect
                    aria-label={`Change role for ${fullName(u)}`}
                    options={ROLE_OPTIONS}
                    // Demo mode (SPEC §6): the choice only toasts; nothing is stored, so the row keeps its role.
                    value={u.role}
                    onValueChange={() => toast.success("Success", { description: ROLE_UPDATED_TEXT })}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
