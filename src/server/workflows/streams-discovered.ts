import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { projectAliases, projectAliasViewers, userProfiles } from "../db/schema";
import { HttpError } from "../platform/errors";
import type { EventHandler } from "./events";

/** The most items one `streams.discovered` event may carry; a larger batch is refused whole (413). */
export const MAX_DISCOVERY_BATCH = 1000;

const item = z.strictObject({
  // Empty names are kept: the Streams page shows them as "Untitled Project" (SPEC §2).
  raw_name: z.string().max(500),
  source_app: z.string().trim().min(1).max(100),
  external_id: z.string().min(1).max(500),
  seen_at: z.iso.datetime({ offset: true }),
});

export const streamsDiscoveredSchema = z.object({
  type: z.literal("streams.discovered"),
  // The user whose connected accounts reported the items; without one they are the whole company's.
  external_user_id: z.uuid().optional(),
  items: z.array(item).min(1, "items must not be empty"),
});
export type StreamsDiscovered = z.infer<typeof streamsDiscoveredSchema>;

/**
 * `streams.discovered`: each item becomes one row of pulse.project_aliases (unlinked, so it shows among the
 * candidates), all in the caller's transaction. An item whose (source_app, external_id) is already stored — in an
 * earlier event or earlier in this batch — keeps its first name and date, but the event still widens who sees it
 * (ARCHITECTURE §5): its user joins the item's viewers, and an event naming no user makes it company-wide. Nothing
 * narrows it: a later report for Bob does not hide an item the whole company already sees.
 */
export const streamsDiscoveredHandler: EventHandler<StreamsDiscovered> = {
  type: "streams.discovered",
  schema: streamsDiscoveredSchema,
  async handle(tx, event) {
    const userId = event.external_user_id;
    if (userId !== undefined) {
      // Like connector.updated: an unknown user is refused (422) rather than stored as a viewer no one can be.
      const [known] = await tx
        .select({ one: sql<number>`1` })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId))
        .limit(1);
      if (!known)
        throw new HttpError(422, "unknown_user", "No Pulse user has the id given in external_user_id.");
    }
    const inserted = await tx
      .insert(projectAliases)
      .values(
        event.items.map((i) => ({
          rawName: i.raw_name,
          sourceApp: i.source_app,
          externalId: i.external_id,
          discoveredAt: new Date(i.seen_at),
          companyWide: userId === undefined,
        })),
      )
      .onConflictDoNothing({ target: [projectAliases.sourceApp, projectAliases.externalId] })
      .returning({ one: sql<number>`1` });

    // The batch's keys as one JSON parameter: the same text on PGlite and node-postgres, whatever the batch size.
    const keys = sql`jsonb_to_recordset(${JSON.stringify(
      event.items.map((i) => ({ source_app: i.source_app, external_id: i.external_id })),
    )}::jsonb) AS k(source_app text, external_id text)`;
    const reported = sql`(${projectAliases.sourceApp}, ${projectAliases.externalId})
      IN (SELECT k.source_app, k.external_id FROM ${keys})`;
    if (userId === undefined) {
      // When every item is new it was just stored company-wide: the probes of an update would find nothing.
      if (inserted.length < event.items.length) {
        await tx
          .update(projectAliases)
          .set({ companyWide: true })
          .where(and(eq(projectAliases.companyWide, false), reported));
      }
    } else {
      await tx
        .insert(projectAliasViewers)
        .select(
          tx
            .select({
              aliasId: projectAliases.id,
              userId: sql<string>`${userId}::uuid`.as("user_id"),
              rawName: projectAliases.rawName,
            })
            .from(projectAliases)
            .where(reported),
        )
        .onConflictDoNothing({ target: [projectAliasViewers.aliasId, projectAliasViewers.userId] });
    }
    return { received: event.items.length, inserted: inserted.length };
  },
};
