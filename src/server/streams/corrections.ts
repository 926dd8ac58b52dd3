/**
 * "Not this project" (issue 38, decision 0101): a person takes an item out of its Stream, or out of a PulseMap; the
 * pairs it made with the Stream's other members are kept as cannot-link pairs that the resolver honours from then on
 * (new events, `npm run streams:resolve`). Corrections are the company's: any company user who may see the item may
 * make one, or undo one, and who did what when is kept.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { StreamCorrection } from "@shared/streams";
import { rowsOf, type Database } from "../db/client";
import type { Transaction } from "./resolution";
import { visibleItem } from "./visibility";
import { notFound } from "../platform/errors";
import { FIRST_ITEM_REASON, placeItem, type ItemSignature } from "./resolver";
import {
  candidatesFor,
  cannotLinkOf,
  insertKeys,
  lockStreams,
  settleStreams,
  signatureOfRow,
  streamsByKeys,
} from "./resolution";

interface CorrectionRow {
  id: string;
  item_id: string;
  created_at: Date | string;
  created_by: string | null;
  undone_at: Date | string | null;
}

const toCorrection = (r: CorrectionRow): StreamCorrection => ({
  id: r.id,
  item_id: r.item_id,
  created_at: new Date(r.created_at).toISOString(),
  // A correction outlives its author's account (user:delete): who it was is then no longer known.
  created_by: r.created_by ?? "",
  undone_at: r.undone_at === null ? null : new Date(r.undone_at).toISOString(),
});

interface ItemRow {
  id: string;
  stream_id: string;
  raw_name: string;
  source_app: string;
  participants: string[];
  context: string | null;
  signature: ItemSignature | null;
  reason: string;
}

/**
 * Takes `itemId` out of its Stream: it rejoins the candidate Stream it best fits without the members it was taken
 * from, or starts one of its own; out of a PulseMap it goes back among New Items. 404 for an item `userId` may not
 * see, as for one that does not exist.
 */
export async function createCorrection(
  db: Database,
  userId: string,
  itemId: string,
): Promise<StreamCorrection> {
  return db.orm.transaction(async (tx) => {
    await lockStreams(tx);
    const [item] = await rowsOf<ItemRow>(
      tx,
      sql`SELECT a.id, a.stream_id, a.raw_name, a.source_app, a.participants, a.context, a.signature, a.reason
          FROM pulse.project_aliases a WHERE a.id = ${itemId} AND ${visibleItem(userId)}`,
    );
    if (!item) throw notFound("This item no longer exists.", "item_not_found");
    const from = item.stream_id;
    const [correction] = await rowsOf<CorrectionRow>(
      tx,
      sql`INSERT INTO pulse.stream_corrections (item_id, from_stream_id, from_reason, created_by)
          VALUES (${itemId}, ${from}, ${item.reason}, ${userId})
          RETURNING id, item_id, created_at, created_by, undone_at`,
    );
    // Against every other member, seen by this user or not: the resolver must not bring any of them back.
    await tx.execute(
      sql`INSERT INTO pulse.stream_cannot_link (correction_id, item_id, other_id)
          SELECT ${correction!.id}::uuid, ${itemId}::uuid, a.id FROM pulse.project_aliases a
          WHERE a.stream_id = ${from} AND a.id <> ${itemId}`,
    );
    const to = await replace(tx, item, [from]);
    await settleStreams(tx, [from, to]);
    return toCorrection(correction!);
  });
}

/** Moves `item` to the candidate Stream it best fits outside `except` (or a new one); returns that Stream. */
async function replace(tx: Transaction, item: ItemRow, except: string[]): Promise<string> {
  const signature = signatureOfRow(item);
  const apart = await cannotLinkOf(tx, item.id);
  let placed: { streamId: string; reason: string } | null = null;
  if (!signature.alone) {
    const index = await streamsByKeys(tx, [signature.blockingKeys], { except, candidatesOnly: true });
    placed = placeItem(
      { id: item.id, signature, participants: item.participants ?? [] },
      candidatesFor(signature, index),
      (other) => apart.has(other),
    );
  }
  const streamId = placed?.streamId ?? randomUUID();
  if (!placed) await tx.execute(sql`INSERT INTO pulse.streams (id) VALUES (${streamId})`);
  await tx.execute(
    sql`UPDATE pulse.project_aliases
        SET stream_id = ${streamId}, project_id = NULL, reason = ${placed?.reason ?? FIRST_ITEM_REASON}
        WHERE id = ${item.id}`,
  );
  if (!signature.alone) {
    await insertKeys(
      tx,
      signature.blockingKeys.map((key) => ({ key, stream_id: streamId })),
    );
  }
  return streamId;
}

/**
 * Undoes correction `id`: its cannot-link pairs go, and the item returns to the Stream it was taken from (and so to
 * its PulseMap) when that Stream still exists and no other correction keeps them apart. Undoing it again changes
 * nothing (204 both times: a repeated click is no error). 404 for a correction of an item `userId` may not see.
 */
export async function undoCorrection(db: Database, userId: string, id: string): Promise<void> {
  await db.orm.transaction(async (tx) => {
    await lockStreams(tx);
    const [found] = await rowsOf<{
      item_id: string;
      from_stream_id: string | null;
      from_reason: string;
      undone: boolean;
      stream_id: string;
    }>(
      tx,
      sql`SELECT c.item_id, c.from_stream_id, c.from_reason, c.undone_at IS NOT NULL AS undone, a.stream_id
          FROM pulse.stream_corrections c JOIN pulse.project_aliases a ON a.id = c.item_id
          WHERE c.id = ${id} AND ${visibleItem(userId)}`,
    );
    if (!found) throw notFound("This correction no longer exists.", "correction_not_found");
    if (found.undone) return;
    await tx.execute(
      sql`UPDATE pulse.stream_corrections SET undone_at = now(), undone_by = ${userId} WHERE id = ${id}`,
    );
    await tx.execute(sql`DELETE FROM pulse.stream_cannot_link WHERE correction_id = ${id}`);
    const back = found.from_stream_id;
    if (back === null || back === found.stream_id) return;
    const [target] = await rowsOf<{ project_id: string | null }>(
      tx,
      sql`SELECT project_id FROM pulse.streams WHERE id = ${back}`,
    );
    if (!target) return;
    const apart = await cannotLinkOf(tx, found.item_id);
    if (apart.size > 0) {
      const [kept] = await rowsOf<{ one: number }>(
        tx,
        sql`SELECT 1 AS one FROM pulse.project_aliases
            WHERE stream_id = ${back}
              AND id IN (SELECT (jsonb_array_elements_text(${JSON.stringify([...apart])}::jsonb))::uuid)
            LIMIT 1`,
      );
      if (kept) return;
    }
    await tx.execute(
      sql`UPDATE pulse.project_aliases
          SET stream_id = ${back}, project_id = ${target.project_id}, reason = ${found.from_reason}
          WHERE id = ${found.item_id}`,
    );
    await settleStreams(tx, [found.stream_id, back]);
  });
}
