import type { AdminRole } from "./constants";
import type { CommunicationMethod } from "@/lib/communication-preferences";
import type { AdminUser, CommunicationPreference, PreferenceProfile } from "./demo-data";

/** The filter value that lets every role or method through. */
export const ALL = "all";
export type RoleFilter = AdminRole | typeof ALL;
export type MethodFilter = CommunicationMethod | typeof ALL;

/**
 * SPEC §5: the search matches first name, last name or e-mail, case-insensitively. Blank (or only spaces)
 * matches everyone; surrounding spaces are ignored so a pasted name still matches.
 */
export function matchesSearch(person: PreferenceProfile, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [person.first_name, person.last_name, person.email].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** User Admin: the search combined with the role filter (both must match). */
export function filterUsers(users: readonly AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  return users.filter((u) => (role === ALL || u.role === role) && matchesSearch(u, search));
}

/** Preferences: the same search, on the preference's user, combined with the method filter. */
export function filterPreferences(
  preferences: readonly CommunicationPreference[],
  search: string,
  method: MethodFilter,
): CommunicationPreference[] {
  return preferences.filter(
    (p) => (method === ALL || p.communication_method === method) && matchesSearch(p.profile, search),
  );
}
