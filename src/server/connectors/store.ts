import { and, eq, sql } from "drizzle-orm";
import {
  CONNECTOR_TYPES,
  type AsanaProject,
  type AsanaProjectsResponse,
  type AsanaSyncPreferences,
  type ConnectorStatus,
  type ConnectorType,
} from "@shared/connectors";
import type { Database } from "../db/client";
import { rawStatement } from "../db/prepared";
import { connectors, projectSyncPreferences, userIdentities } from "../db/schema";

/** Every connector type in SPEC §3's order; a type the user has no row for is off. */
export async function listConnectors(db: Database, userId: string): Promise<ConnectorStatus[]> {
  const active = new Map(await connectorsOfUser(db, { userId }));
  return CONNECTOR_TYPES.map((type) => ({ type, is_active: active.get(type) ?? false }));
}

// The cheapest signed-in read, so its rows come as values (decision 0109), not through Drizzle's row mapper.
const connectorsOfUser = rawStatement<[type: string, isActive: boolean]>(
  sql`SELECT type, is_active FROM pulse.connectors WHERE user_id = ${sql.placeholder("userId")}`,
  { name: "pulse_connectors_of_user" },
);

/** Upserts the user's row of one connector (the target is the UNIQUE (user_id, type) of migration 0001). */
export async function setConnector(
  db: Database,
  userId: string,
  type: ConnectorType,
  isActive: boolean,
): Promise<ConnectorStatus> {
  await db.orm
    .insert(connectors)
    .values({ userId, type, isActive })
    .onConflictDoUpdate({
      target: [connectors.userId, connectors.type],
      set: { isActive, updatedAt: sql`now()` },
    });
  return { type, is_active: isActive };
}

/**
 * SPEC §3: provider_project_list is an array of { gid, name }, possibly stored as a JSON string. Anything else —
 * a string that is not JSON, an entry without a gid — is left out rather than failing the whole list.
 */
export function normaliseProjectList(value: unknown): AsanaProject[] {
  let list = value;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const projects: AsanaProject[] = [];
  for (const entry of list) {
    if (typeof entry !== "object" || entry === null) continue;
    const { gid, name } = entry as { gid?: unknown; name?: unknown };
    if ((typeof gid !== "string" && typeof gid !== "number") || String(gid) === "") continue;
    projects.push({ gid: String(gid), name: typeof name === "string" ? name : "" });
  }
  return projects;
}

export async function asanaProjects(db: Database, userId: string): Promise<AsanaProjectsResponse> {
  const [row] = await db.orm
    .select({ list: userIdentities.providerProjectList, updatedAt: userIdentities.updatedAt })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, "asana")))
    .limit(1);
  if (!row) return { projects: [], updated_at: null };
  return { projects: normaliseProjectList(row.list), updated_at: row.updatedAt.toISOString() };
}

/** The user's Asana choice; with no row, everything is synced (the column defaults of migration 0001). */
export async function asanaPreferences(db: Database, userId: string): Promise<AsanaSyncPreferences> {
  const [row] = await db.orm
    .select({ syncAll: projectSyncPreferences.syncAll, ids: projectSyncPreferences.selectedProjectIds })
    .from(projectSyncPreferences)
    .where(and(eq(projectSyncPreferences.userId, userId), eq(projectSyncPreferences.provider, "asana")))
    .limit(1);
  return row
    ? { sync_all: row.syncAll, selected_project_ids: row.ids }
    : { sync_all: true, selected_project_ids: [] };
}

export async function saveAsanaPreferences(
  db: Database,
  userId: string,
  preferences: AsanaSyncPreferences,
): Promise<void> {
  const values = { syncAll: preferences.sync_all, selectedProjectIds: preferences.selected_project_ids };
  await db.orm
    .insert(projectSyncPreferences)
    .values({ userId, provider: "asana", ...values })
    .onConflictDoUpdate({
      target: [projectSyncPreferences.userId, projectSyncPreferences.provider],
      set: { ...values, updatedAt: sql`now()` },
    });
}
