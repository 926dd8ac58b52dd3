import { sql } from "drizzle-orm";
import { z } from "zod";
import { projectAliases } from "../db/schema";
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
  items: z.array(item).min(1, "items must not be empty"),
});
export type StreamsDiscovered = z.infer<typeof streamsDiscoveredSchema>;

/**
 * `streams.discovered`: each item becomes one row of pulse.project_aliases (unlinked, so it shows in the candidates
 * view), all in the caller's transaction. An item whose (source_app, external_id) is already stored — in an
 * earlier event or earlier in this batch — changes nothing.
 */
export const streamsDiscoveredHandler: EventHandler<StreamsDiscovered> = {
  type: "streams.discovered",
  schema: streamsDiscoveredSchema,
  async handle(tx, event) {
    const inserted = await tx
      .insert(projectAliases)
      .values(
        event.items.map((i) => ({
          rawName: i.raw_name,
          sourceApp: i.source_app,
          externalId: i.external_id,
          discoveredAt: new Date(i.seen_at),
        })),
      )
      .onConflictDoNothing({ target: [projectAliases.sourceApp, projectAliases.externalId] })
      .returning({ one: sql<number>`1` });
    return { received: event.items.length, inserted: inserted.length };
  },
};
