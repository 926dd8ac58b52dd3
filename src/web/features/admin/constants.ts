/* PulseOps admin dashboard (SPEC §6). Roles of the admin UI; they grant nothing (demo mode). */

export const ADMIN_ROLES = ["admin", "project_manager", "team_lead", "member"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
