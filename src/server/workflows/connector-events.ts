import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { CONNECTOR_TYPES } from "@shared/connectors";
import { connectors, userIdentities, userProfiles } from "../db/schema";
import { HttpError } from "../platform/errors";
import type { EventHandler, Transaction } from "./events";

/** The most projects one `identity.projects` event may list. */
export const MAX_IDENTITY_PROJECTS = 5_000;

/**
 * Refuses an event for a user Pulse does not know (no pulse.user_profiles row). Thrown inside the event's
 * transaction, so neither the change nor the webhook-id is stored.
 */
async function requireKnownUser(tx: Transaction, userId: string): Promise<void> {
  const found = await tx
    .select({ one: sql<number>`1` })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .limit(1);
  if (found.length === 0) {
    throw new HttpError(422, "unknown_user", "No Pulse user has the id given in external_user_id.");
  }
}

export const connectorUpdatedSchema = z.object({
  type: z.literal("connector.updated"),
  external_user_id: z.uuid(),
  connector: z.enum(CONNECTOR_TYPES),
  is_active: z.boolean(),
});
export type ConnectorUpdated = z.infer<typeof connectorUpdatedSchema>;

/** `connector.updated`: sets is_active on the user's row of that connector, creating it when there is none. */
export const connectorUpdatedHandler: EventHandler<ConnectorUpdated> = {
  type: "connector.updated",
  schema: connectorUpdatedSchema,
  async handle(tx, event) {
    await requireKnownUser(tx, event.external_user_id);
    await tx
      .insert(connectors)
      .values({ userId: event.external_user_id, type: event.connector, isActive: event.is_active })
      .onConflictDoUpdate({
        target: [connectors.userId, connectors.type],
        set: { isActive: event.is_active, updatedAt: sql`now()` },
      });
    return { connector: event.connector, is_active: event.is_active };
  },
};

const project = z.object({
  // Asana gids are numeric strings; a number is taken as its digits.
  gid: z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]).transform(String),
  name: z.string().max(1000),
});

export const identityProjectsSchema = z.object({
  type: z.literal("identity.projects"),
  external_user_id: z.uuid(),
  provider: z.enum(CONNECTOR_TYPES),
  projects: z.array(project).max(MAX_IDENTITY_PROJECTS),
});
export type IdentityProjects = z.infer<typeof identityProjectsSchema>;

/**
 * `identity.projects`: replaces the user's project list for the provider in pulse.user_identities (SPEC §3), stored
 * as a JSON array of { gid, name } — the list as of this event, not merged with earlier ones.
 */
export const identityProjectsHandler: EventHandler<IdentityProjects> = {
  type: "identity.projects",
  schema: identityProjectsSchema,
  async handle(tx, event) {
    await requireKnownUser(tx, event.external_user_id);
    const list = event.projects.map((p) => ({ gid: p.gid, name: p.name }));
    await tx
      .insert(userIdentities)
      .values({ userId: event.external_user_id, provider: event.provider, providerProjectList: list })
      .onConflictDoUpdate({
        target: [userIdentities.userId, userIdentities.provider],
        set: { providerProjectList: list, updatedAt: sql`now()` },
      });
    return { provider: event.provider, projects: list.length };
  },
};
