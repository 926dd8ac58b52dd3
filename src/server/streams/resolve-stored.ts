/**
 * Re-resolves every stored item (`npm run streams:resolve`, after a change of the resolver; decision 0101): the
 * resolver's resolveAll over all items, oldest first, honouring every correction's cannot-link pairs, in one
 * transaction holding the Streams lock, so events, corrections and other instances wait for it rather than
 * interleave.
 *
 * PulseMaps keep what they gathered: an item linked to a PulseMap stays linked to it, and the PulseMap keeps its
 * Stream (by id). A resolved group holding linked items becomes the Stream of the PulseMap of its earliest linked
 * item, and its unlinked items join that PulseMap, as they would have joined it arriving one by one; linked items of
 * another PulseMap in the same group stay with their own PulseMap's Stream. A group of unlinked items keeps the
 * Stream its earliest item was in when that Stream is not taken, so corrections can still be undone into it.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import type { Transaction } from "./resolution";
import { resolveAll, SIGNATURE_VERSION, signatureOf, type ItemSignature } from "./resolver";
import { insertKeys, lockStreams } from "./resolution";

/** Rows written per statement: large enough to be quick, small enough for one parameter of JSON. */
const CHUNK = 2_000;

export interface ResolveSummary {
  items: number;
  streams: number;
  pulseMaps: number;
  /** Items whose Stream changed. */
  moved: number;
}

interface Row {
  id: string;
  stream_id: string;
  project_id: string | null;
  raw_name: string;
  source_app: string;
  participants: string[];
  context: string | null;
  reason: string;
  plain_name: string;
  name_rank: number;
  /** The stored signature's version: a row the resolver places as before, with a current signature, is left. */
  version: number | null;
}

/** `phase` hears how long each step took (the bench prints it). */
export async function resolveStoredStreams(
  db: Database,
  phase: (name: string, ms: number) => void = () => undefined,
): Promise<ResolveSummary> {
  return db.orm.transaction((tx) => resolveInTransaction(tx, phase));
}

async function resolveInTransaction(
  tx: Transaction,
  phase: (name: string, ms: number) => void,
): Promise<ResolveSummary> {
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    phase(name, Math.round(now - mark));
    mark = now;
  };
  await lockStreams(tx);
  const rows = await rowsOf<Row>(
    tx,
    sql`SELECT id, stream_id, project_id, raw_name, source_app, participants, context, reason, plain_name,
               name_rank, (signature ->> 'version')::int AS version
        FROM pulse.project_aliases ORDER BY discovered_at, id`,
  );
  const pairs = await rowsOf<{ item_id: string; other_id: string }>(
    tx,
    sql`SELECT item_id, other_id FROM pulse.stream_cannot_link`,
  );
  const apart = new Set<string>();
  for (const p of pairs) {
    apart.add(`${p.item_id} ${p.other_id}`);
    apart.add(`${p.other_id} ${p.item_id}`);
  }
  const signatures = new Map<string, ItemSignature>();
  const members = rows.map((r) => {
    const signature = signatureOf({
      rawName: r.raw_name,
      sourceApp: r.source_app,
      participants: r.participants ?? [],
      context: r.context,
    });
    signatures.set(r.id, signature);
    return { id: r.id, signature, participants: r.participants ?? [] };
  });
  step("read");
  const placements = resolveAll(members, (a, b) => apart.has(`${a} ${b}`));
  step("resolve");

  // The resolver's groups, each in item order.
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = placements.get(row.id)!.streamId;
    const list = groups.get(group) ?? [];
    list.push(row);
    groups.set(group, list);
  }

  const oldStreams = await rowsOf<{ id: string; project_id: string | null }>(
    tx,
    sql`SELECT id, project_id FROM pulse.streams`,
  );
  const projectStream = new Map<string, string>();
  const candidateStreams = new Set<string>();
  for (const s of oldStreams) {
    if (s.project_id === null) candidateStreams.add(s.id);
    else if (!projectStream.has(s.project_id)) projectStream.set(s.project_id, s.id);
  }
  const claimed = new Set<string>();
  const created: { id: string; project_id: string | null }[] = [];
  const streamOfProject = (projectId: string): string => {
    let id = projectStream.get(projectId);
    if (id === undefined) {
      id = randomUUID();
      projectStream.set(projectId, id);
      created.push({ id, project_id: projectId });
    }
    return id;
  };

  const assigned = new Map<string, { streamId: string; projectId: string | null }>();
  for (const group of groups.values()) {
    const firstLinked = group.find((r) => r.project_id !== null);
    if (firstLinked) {
      const projectId = firstLinked.project_id!;
      for (const r of group) {
        const own = r.project_id ?? projectId;
        assigned.set(r.id, { streamId: streamOfProject(own), projectId: own });
      }
      continue;
    }
    const earliest = group[0]!.stream_id;
    let streamId = earliest;
    if (!candidateStreams.has(earliest) || claimed.has(earliest)) {
      streamId = randomUUID();
      created.push({ id: streamId, project_id: null });
    }
    claimed.add(streamId);
    for (const r of group) assigned.set(r.id, { streamId, projectId: null });
  }

  for (let i = 0; i < created.length; i += CHUNK) {
    await tx.execute(
      sql`INSERT INTO pulse.streams (id, project_id)
          SELECT s.id, s.project_id
          FROM jsonb_to_recordset(${JSON.stringify(created.slice(i, i + CHUNK))}::jsonb) AS s(id uuid, project_id uuid)`,
    );
  }

  let moved = 0;
  const all = rows.map((r) => {
    const { streamId, projectId } = assigned.get(r.id)!;
    if (streamId !== r.stream_id) moved++;
    const signature = signatures.get(r.id)!;
    const update = {
      id: r.id,
      stream_id: streamId,
      project_id: projectId,
      reason: placements.get(r.id)!.reason,
      signature,
      plain_name: signature.plainName,
      name_rank: signature.nameRank,
    };
    const same =
      r.version === SIGNATURE_VERSION &&
      update.stream_id === r.stream_id &&
      update.project_id === r.project_id &&
      update.reason === r.reason &&
      update.plain_name === r.plain_name &&
      update.name_rank === Number(r.name_rank);
    return { update, same };
  });
  const updates = all.map((a) => a.update);
  const changed = all.filter((a) => !a.same).map((a) => a.update);
  for (let i = 0; i < changed.length; i += CHUNK) {
    await tx.execute(
      sql`UPDATE pulse.project_aliases a
          SET stream_id = u.stream_id, project_id = u.project_id, reason = u.reason, signature = u.signature,
              plain_name = u.plain_name, name_rank = u.name_rank
          FROM jsonb_to_recordset(${JSON.stringify(changed.slice(i, i + CHUNK))}::jsonb)
            AS u(id uuid, stream_id uuid, project_id uuid, reason text, signature jsonb, plain_name text,
                 name_rank double precision)
          WHERE a.id = u.id`,
    );
  }

  step("write items");
  // The key index rebuilt from the new signatures.
  await tx.execute(sql`DELETE FROM pulse.stream_keys`);
  const keys: { key: string; stream_id: string }[] = [];
  const seen = new Set<string>();
  for (const u of updates) {
    if (u.signature.alone) continue;
    for (const key of u.signature.blockingKeys) {
      const k = `${key}\u0000${u.stream_id}`;
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push({ key, stream_id: u.stream_id });
    }
  }
  for (let i = 0; i < keys.length; i += CHUNK * 5) await insertKeys(tx, keys.slice(i, i + CHUNK * 5));

  step("write keys");
  await tx.execute(
    sql`DELETE FROM pulse.streams s
        WHERE s.project_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM pulse.project_aliases a WHERE a.stream_id = s.id)`,
  );
  await tx.execute(
    sql`UPDATE pulse.streams s SET name = coalesce(n.name, '')
        FROM pulse.streams s2
        LEFT JOIN LATERAL (
          SELECT a.plain_name AS name FROM pulse.project_aliases a
          WHERE a.stream_id = s2.id
          ORDER BY a.name_rank DESC, a.discovered_at, a.id
          LIMIT 1) n ON true
        WHERE s.id = s2.id`,
  );
  step("settle streams");
  const [counts] = await rowsOf<{ streams: number; pulse_maps: number }>(
    tx,
    sql`SELECT count(*)::int AS streams, count(project_id)::int AS pulse_maps FROM pulse.streams`,
  );
  return {
    items: rows.length,
    streams: counts!.streams,
    pulseMaps: counts!.pulse_maps,
    moved,
  };
}
