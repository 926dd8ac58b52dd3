import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "../db/client";
import { projectAliases, projectAliasViewers, userProfiles } from "../db/schema";
import { HttpError } from "../platform/errors";
import type { EventHandler, Transaction } from "./events";

/** The most items one `streams.discovered` event may carry; a larger batch is refused whole (413). */
export const MAX_DISCOVERY_BATCH = 1000;
/** The most participants one item may carry, and the longest context (issue 38). */
export const MAX_PARTICIPANTS = 50;
export const MAX_CONTEXT = 500;

const item = z.strictObject({
  // Empty names are kept: the Streams page shows them as "Untitled Project" (SPEC §2).
  raw_name: z.string().max(500),
  source_app: z.string().trim().min(1).max(100),
  external_id: z.string().min(1).max(500),
  seen_at: z.iso.datetime({ offset: true }),
  // Issue 38: who took part (a meeting's attendees, a thread's correspondents …) and a line of context, both only
  // supporting evidence for the resolver.
  participants: z
    .array(
      z
        .email()
        .max(320)
        .transform((e) => e.toLowerCase()),
    )
    .max(MAX_PARTICIPANTS)
    .optional(),
  context: z.string().max(MAX_CONTEXT).optional(),
});

export const streamsDiscoveredSchema = z.object({
  type: z.literal("streams.discovered"),
  // The user whose connected accounts reported the items; without one they are the whole company's.
  external_user_id: z.uuid().optional(),
  items: z.array(item).min(1, "items must not be empty"),
});
export type StreamsDiscovered = z.infer<typeof streamsDiscoveredSchema>;

/** A new item as the Streams feature places it. */
export interface NewDiscovery {
  facts: { rawName: string; sourceApp: string; participants: string[]; context: string | null };
  discoveredAt: Date;
}

/** Where the Streams feature put a new item (issue 38): its id, Stream, PulseMap if any, reason and signature. */
export interface PlacedDiscovery {
  id: string;
  streamId: string;
  projectId: string | null;
  reason: string;
  signature: { plainName: string; nameRank: number };
}

/**
 * What the Streams feature does with an event's new items, inside its transaction (src/server/streams/resolution.ts,
 * handed over by app.ts: features never import each other). `lock` serialises every writer of Streams; `place`
 * creates the Streams the items start; `settle` names the Streams touched once the items are stored.
 */
export interface StreamPlacement {
  lock(tx: Transaction): Promise<void>;
  place(tx: Transaction, items: NewDiscovery[]): Promise<{ placed: PlacedDiscovery[]; touched: string[] }>;
  settle(tx: Transaction, touched: string[]): Promise<void>;
}

/**
 * `streams.discovered`: each item becomes one row of pulse.project_aliases, resolved into a Stream (issue 38): a
 * candidate among New Items, or a PulseMap's Stream, which it then joins — all in the caller's transaction. An item whose (source_app, external_id) is already stored — in an
 * earlier event or earlier in this batch — keeps its first name and date, but the event still widens who sees it
 * (ARCHITECTURE §5): its user joins the item's viewers, and an event naming no user makes it company-wide. Nothing
 * narrows it: a later report for Bob does not hide an item the whole company already sees.
 */
export const streamsDiscoveredHandler = (streams: StreamPlacement): EventHandler<StreamsDiscovered> => ({
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
    // The batch's keys as one JSON parameter: the same text on PGlite and node-postgres, whatever the batch size.
    const keys = sql`jsonb_to_recordset(${JSON.stringify(
      event.items.map((i) => ({ source_app: i.source_app, external_id: i.external_id })),
    )}::jsonb) AS k(source_app text, external_id text)`;
    const reported = sql`(${projectAliases.sourceApp}, ${projectAliases.externalId})
      IN (SELECT k.source_app, k.external_id FROM ${keys})`;

    // New items are resolved into Streams here, one writer at a time (decision 0101). An item already stored, or
    // repeated earlier in this batch, keeps its first name, date and Stream.
    await streams.lock(tx);
    const stored = new Set(
      (
        await rowsOf<{ source_app: string; external_id: string }>(
          tx,
          sql`SELECT ${projectAliases.sourceApp} AS source_app, ${projectAliases.externalId} AS external_id
              FROM ${projectAliases} WHERE ${reported}`,
        )
      ).map((r) => JSON.stringify([r.source_app, r.external_id])),
    );
    const fresh: StreamsDiscovered["items"] = [];
    for (const i of event.items) {
      const key = JSON.stringify([i.source_app, i.external_id]);
      if (stored.has(key)) continue;
      stored.add(key);
      fresh.push(i);
    }
    let inserted: unknown[] = [];
    if (fresh.length > 0) {
      const { placed, touched } = await streams.place(
        tx,
        fresh.map((i) => ({
          facts: {
            rawName: i.raw_name,
            sourceApp: i.source_app,
            participants: i.participants ?? [],
            context: i.context ?? null,
          },
          discoveredAt: new Date(i.seen_at),
        })),
      );
      inserted = await tx
        .insert(projectAliases)
        .values(
          placed.map((p, n) => ({
            id: p.id,
            rawName: fresh[n]!.raw_name,
            sourceApp: fresh[n]!.source_app,
            externalId: fresh[n]!.external_id,
            discoveredAt: new Date(fresh[n]!.seen_at),
            companyWide: userId === undefined,
            streamId: p.streamId,
            projectId: p.projectId,
            participants: [...new Set(fresh[n]!.participants ?? [])],
            context: fresh[n]!.context ?? null,
            reason: p.reason,
            signature: p.signature,
            plainName: p.signature.plainName,
            nameRank: p.signature.nameRank,
          })),
        )
        // An instance still on the code before Streams may have stored one meanwhile (rolling deploy).
        .onConflictDoNothing({ target: [projectAliases.sourceApp, projectAliases.externalId] })
        .returning({ one: sql<number>`1` });
      await streams.settle(tx, touched);
    }

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
});
