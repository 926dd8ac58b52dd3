/**
 * The resolver (./resolver, pure) applied to what is stored (issue 38, decision 0101): an event's new items placed in
 * Streams inside the event's transaction, found through the blocking-key index rather than compared with every
 * stored item; the Streams' names kept; empty candidate Streams removed. Every writer of Streams holds
 * `lockStreams` for its transaction, so two batches, a correction and `npm run streams:resolve` never interleave.
 */
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Orm } from "../db/client";
import {
  FIRST_ITEM_REASON,
  MAX_COMPARED_MEMBERS,
  placeItem,
  representativeMembers,
  SIGNATURE_VERSION,
  signatureOf,
  type ItemFacts,
  type ItemSignature,
  type Member,
  type StreamCandidate,
} from "./resolver";

/** A transaction of the database handle. */
export type Transaction = Parameters<Parameters<Orm["transaction"]>[0]>[0];

/** Who writes Streams, one at a time, across every instance (the two-key form keeps clear of other single-key uses). */
export async function lockStreams(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(72583, 38)`);
}

/**
 * The most Streams one blocking key proposes: a key more Streams share is no rare token, and is used only when the
 * item's other keys propose nothing.
 */
export const STREAMS_PER_KEY = 64;
/** The candidate Streams an item is compared with: those sharing the most keys with it. */
export const CANDIDATES_PER_ITEM = 12;
/**
 * The members of a candidate Stream read to compare an item with: its earliest ones, of which the resolver keeps one
 * per distinct name (representativeMembers), so a Stream of many copies of one mail subject still shows its others.
 */
export const MEMBERS_PER_STREAM = 96;

/** A list of values as one JSON parameter: the same SQL text on PGlite and node-postgres, whatever its length. */
export const jsonList = (values: readonly unknown[]): SQL => sql`${JSON.stringify(values)}::jsonb`;

export interface StoredMember extends Member {
  streamId: string;
}

interface MemberRow {
  stream_id: string;
  project_id: string | null;
  id: string;
  raw_name: string;
  source_app: string;
  participants: string[];
  context: string | null;
  signature: ItemSignature | null;
}

/** An item stored before its signature was kept, or by an older resolver, has one computed from what it reported. */
export const signatureOfRow = (row: {
  raw_name: string;
  source_app: string;
  participants: string[] | null;
  context: string | null;
  signature: ItemSignature | null;
}): ItemSignature =>
  (row.signature && row.signature["version"] === SIGNATURE_VERSION ? row.signature : null) ??
  signatureOf({
    rawName: row.raw_name,
    sourceApp: row.source_app,
    participants: row.participants ?? [],
    context: row.context,
  });

export interface KnownStream {
  projectId: string | null;
  members: StoredMember[];
  /** How many members it has, counted up to MEMBERS_PER_STREAM: of two equal matches the larger Stream wins. */
  size: number;
}

/**
 * The stored Streams the blocking keys of `items` (each item's keys) propose, each with its first members: for each
 * item only the Streams it would be compared with (see `rankByKeys`), so members are read for no other. `except`
 * leaves Streams out; `candidatesOnly` leaves PulseMaps' Streams out.
 */
export async function streamsByKeys(
  tx: Transaction,
  items: readonly (readonly string[])[],
  options: { except?: readonly string[]; candidatesOnly?: boolean } = {},
): Promise<StreamIndex> {
  const streams = new Map<string, KnownStream>();
  const byKey = new Map<string, string[]>();
  const common = new Set<string>();
  const keys = [...new Set(items.flat())];
  if (keys.length === 0) return { streams, byKey, common };
  const found = await rowsOf<{ key: string; stream_id: string }>(
    tx,
    sql`SELECT k.key, s.stream_id
        FROM jsonb_array_elements_text(${jsonList(keys)}) AS k(key)
        CROSS JOIN LATERAL (
          SELECT sk.stream_id FROM pulse.stream_keys sk
          WHERE sk.key = k.key
          ORDER BY sk.stream_id
          LIMIT ${STREAMS_PER_KEY + 1}
        ) s`,
  );
  const perKey = new Map<string, number>();
  for (const f of found) perKey.set(f.key, (perKey.get(f.key) ?? 0) + 1);
  for (const [key, n] of perKey) if (n > STREAMS_PER_KEY) common.add(key);
  const except = new Set(options.except ?? []);
  const proposed = new Map<string, string[]>();
  for (const { key, stream_id } of found) {
    if (except.has(stream_id)) continue;
    const list = proposed.get(key) ?? [];
    list.push(stream_id);
    proposed.set(key, list);
  }
  const wanted = new Set<string>();
  for (const itemKeys of items) {
    for (const [id] of rankByKeys(itemKeys, proposed, common).slice(0, CANDIDATES_PER_ITEM)) wanted.add(id);
  }
  const ids = [...wanted];
  if (ids.length === 0) return { streams, byKey, common };
  const members = await rowsOf<MemberRow>(
    tx,
    sql`SELECT s.id AS stream_id, s.project_id, m.id, m.raw_name, m.source_app, m.participants, m.context,
               m.signature
        FROM pulse.streams s
        CROSS JOIN LATERAL (
          SELECT a.id, a.raw_name, a.source_app, a.participants, a.context, a.signature
          FROM pulse.project_aliases a
          WHERE a.stream_id = s.id
          ORDER BY a.discovered_at, a.id
          LIMIT ${MEMBERS_PER_STREAM}
        ) m
        WHERE s.id IN (SELECT (jsonb_array_elements_text(${jsonList(ids)}))::uuid)
          ${options.candidatesOnly ? sql`AND s.project_id IS NULL` : sql``}`,
  );
  for (const row of members) {
    let stream = streams.get(row.stream_id);
    if (!stream) {
      stream = { projectId: row.project_id, members: [], size: 0 };
      streams.set(row.stream_id, stream);
    }
    stream.size++;
    stream.members.push({
      id: row.id,
      streamId: row.stream_id,
      signature: signatureOfRow(row),
      participants: row.participants ?? [],
    });
  }
  for (const stream of streams.values()) {
    stream.members = representativeMembers(stream.members) as StoredMember[];
  }
  for (const { key, stream_id } of found) {
    if (!streams.has(stream_id)) continue;
    const list = byKey.get(key) ?? [];
    list.push(stream_id);
    byKey.set(key, list);
  }
  return { streams, byKey, common };
}

export interface StreamIndex {
  streams: Map<string, KnownStream>;
  byKey: Map<string, string[]>;
  /** Keys too many Streams share (see STREAMS_PER_KEY). */
  common: Set<string>;
}

/**
 * The candidate Streams of `signature`: those sharing the most of its blocking keys (ties: the larger Stream, then by
 * id, so the resolver stays deterministic), common keys counted only when the rare ones propose nothing.
 */
export function candidatesFor(signature: ItemSignature, index: StreamIndex): StreamCandidate[] {
  return rankByKeys(
    signature.blockingKeys,
    index.byKey,
    index.common,
    (id) => index.streams.get(id)?.size ?? 0,
  )
    .filter(([id]) => (index.streams.get(id)?.members.length ?? 0) > 0)
    .slice(0, CANDIDATES_PER_ITEM)
    .map(([streamId]) => ({ streamId, members: index.streams.get(streamId)!.members }));
}

/** Streams by the number of `keys` they share, most first (common keys only when the rare ones find none). */
function rankByKeys(
  keys: readonly string[],
  byKey: Map<string, string[]>,
  common: Set<string>,
  size: (id: string) => number = () => 0,
): [string, number][] {
  const rank = (some: readonly string[]) => {
    const shared = new Map<string, number>();
    for (const key of some) for (const id of byKey.get(key) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    return shared;
  };
  let shared = rank(keys.filter((k) => !common.has(k)));
  if (shared.size === 0) shared = rank(keys);
  return [...shared].sort(([a, n], [b, m]) => m - n || size(b) - size(a) || (a < b ? -1 : a > b ? 1 : 0));
}

export interface NewItem {
  facts: ItemFacts;
  discoveredAt: Date;
}

export interface PlacedItem extends NewItem {
  id: string;
  signature: ItemSignature;
  streamId: string;
  /** The PulseMap the item joins: its Stream's, or null among New Items. */
  projectId: string | null;
  reason: string;
}

/**
 * Places an event's new items (none stored yet, so no correction names them): each against the stored Streams its
 * blocking keys propose and the Streams made of the batch's earlier items, oldest first. Inserts the new Streams and
 * the keys; the caller inserts the items, then calls `settleStreams` with `touched`.
 */
export async function placeNewItems(
  tx: Transaction,
  items: readonly NewItem[],
): Promise<{ placed: PlacedItem[]; touched: string[] }> {
  const signed = items.map((item, index) => ({
    ...item,
    index,
    id: randomUUID(),
    signature: signatureOf(item.facts),
  }));
  const index = await streamsByKeys(
    tx,
    signed.map((s) => (s.signature.alone ? [] : s.signature.blockingKeys)),
  );
  const { streams, byKey } = index;
  const created = new Set<string>();
  const touched = new Set<string>();
  const newKeys: { key: string; stream_id: string }[] = [];
  const placed: (PlacedItem & { index: number })[] = [];
  const order = [...signed].sort(
    (a, b) => a.discoveredAt.getTime() - b.discoveredAt.getTime() || a.index - b.index,
  );
  for (const item of order) {
    const member: StoredMember = {
      id: item.id,
      streamId: "",
      signature: item.signature,
      participants: item.facts.participants ?? [],
    };
    const found = placeItem(member, candidatesFor(item.signature, index), () => false);
    const streamId = found?.streamId ?? randomUUID();
    if (!found) {
      created.add(streamId);
      streams.set(streamId, { projectId: null, members: [], size: 0 });
    }
    const stream = streams.get(streamId)!;
    member.streamId = streamId;
    stream.size++;
    // Every member is offered, then the representative ones kept: a capped list could drop the one member that
    // carries the word telling two projects apart.
    stream.members.push(member);
    if (stream.members.length > MAX_COMPARED_MEMBERS) {
      stream.members = representativeMembers(stream.members) as StoredMember[];
    }
    touched.add(streamId);
    if (!item.signature.alone) {
      for (const key of item.signature.blockingKeys) {
        const list = byKey.get(key) ?? [];
        if (!list.includes(streamId)) {
          list.push(streamId);
          byKey.set(key, list);
        }
        newKeys.push({ key, stream_id: streamId });
      }
    }
    placed.push({
      ...item,
      streamId,
      projectId: stream.projectId,
      reason: found?.reason ?? FIRST_ITEM_REASON,
    });
  }
  if (created.size > 0) {
    await tx.execute(
      sql`INSERT INTO pulse.streams (id) SELECT (jsonb_array_elements_text(${jsonList([...created])}))::uuid`,
    );
  }
  await insertKeys(tx, newKeys);
  placed.sort((a, b) => a.index - b.index);
  return { placed: placed.map(({ index: _, ...p }) => p), touched: [...touched] };
}

export async function insertKeys(
  tx: Transaction,
  keys: readonly { key: string; stream_id: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(
    sql`INSERT INTO pulse.stream_keys (key, stream_id)
        SELECT k.key, k.stream_id FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(key text, stream_id uuid)
        ON CONFLICT DO NOTHING`,
  );
}

/**
 * After members came and went: each of `streamIds` takes the plain name of its member with the highest rank (ties:
 * the earliest), and a candidate Stream left without members is removed.
 */
export async function settleStreams(tx: Transaction, streamIds: readonly string[]): Promise<void> {
  if (streamIds.length === 0) return;
  const ids = sql`(SELECT (jsonb_array_elements_text(${jsonList([...new Set(streamIds)])}))::uuid)`;
  await tx.execute(
    sql`UPDATE pulse.streams s
        SET name = coalesce((
          SELECT a.plain_name FROM pulse.project_aliases a
          WHERE a.stream_id = s.id
          ORDER BY a.name_rank DESC, a.discovered_at, a.id
          LIMIT 1), '')
        WHERE s.id IN ${ids}`,
  );
  await tx.execute(
    sql`DELETE FROM pulse.streams s
        WHERE s.id IN ${ids} AND s.project_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM pulse.project_aliases a WHERE a.stream_id = s.id)`,
  );
}

/** The items a person took apart from `itemId` (its stored cannot-link pairs, either way round). */
export async function cannotLinkOf(tx: Transaction, itemId: string): Promise<Set<string>> {
  const rows = await rowsOf<{ other: string }>(
    tx,
    sql`SELECT other_id AS other FROM pulse.stream_cannot_link WHERE item_id = ${itemId}
        UNION SELECT item_id FROM pulse.stream_cannot_link WHERE other_id = ${itemId}`,
  );
  return new Set(rows.map((r) => r.other));
}

/** What the workflow events' `streams.discovered` handler uses, handed over by app.ts. */
export const streamPlacement = {
  lock: lockStreams,
  place: placeNewItems,
  settle: settleStreams,
};
