/**
 * Placing an item among candidate Streams (merge-centre clustering): it joins the Stream where it matches a member
 * and conflicts with none of the members compared, so one weak link never chains two projects together the way
 * connected components would. resolveAll replays that placement over a whole set, oldest first.
 */
import { compare, distinguishersConflict, type Comparison } from "./match";
import { reasonFor } from "./reason";
import { asResolverSignature, type ResolverSignature } from "./signature";
import type { Member, Placement, StreamCandidate } from "./types";

/** The reason shown for the item a Stream started with. */
export const FIRST_ITEM_REASON = "first item of this Stream";

/**
 * How many members of a Stream an item is compared with: its distinct names (members whose words and
 * distinguishers are the same compare the same), earliest first. A huge Stream stays as cheap as a small one.
 */
export const MAX_COMPARED_MEMBERS = 24;

/** Shared people that turn an abbreviation-only link into a match. */
const PEOPLE_FOR_SOFT_MATCH = 2;

/**
 * The members worth comparing with: one per distinct name, at most `cap`, in the order given; past the cap, still
 * one that carries a word of the name no member kept has (`Dexroka pricing launch` beside twenty-four names of
 * `Dexroka support launch`), since that word is what keeps a sibling out — up to four times the cap.
 */
export function representativeMembers(members: readonly Member[], cap = MAX_COMPARED_MEMBERS): Member[] {
  const seen = new Set<string>();
  const words = new Set<string>();
  const out: Member[] = [];
  for (const m of members) {
    if (m.signature.alone) continue;
    const signature = asResolverSignature(m.signature);
    if (seen.has(signature.variant)) continue;
    const core = signature.tokens.slice(0, signature.tailFrom);
    if (out.length >= cap && core.every((t) => words.has(t))) continue;
    seen.add(signature.variant);
    for (const t of core) words.add(t);
    out.push(m);
    if (out.length >= cap * 4) break;
  }
  return out;
}

function countShared(a: readonly string[], b: ReadonlySet<string>): number {
  let n = 0;
  for (const p of a) if (b.has(p)) n++;
  return n;
}

interface Scored {
  streamId: string;
  score: number;
  /** Members compared that match as well as the best one: on an equal score, the Stream more of whose names fit. */
  matching: number;
  /** Members given: on an equal score and fit, the larger Stream (a project, not the item a person took out). */
  size: number;
  reason: string;
}

/** Whether `a` is the better Stream for the item than `b`; on a full tie the earlier candidate stays. */
const better = (a: Scored, b: Scored): boolean =>
  a.score !== b.score
    ? a.score > b.score
    : a.matching !== b.matching
      ? a.matching > b.matching
      : a.size > b.size;

/** The best standing of `item` in one candidate Stream, or null when it must not join it. */
function scoreStream(
  item: Member,
  signature: ResolverSignature,
  members: readonly Member[],
  streamId: string,
  size: number,
): Scored | null {
  let best: { comparison: Comparison; member: Member } | null = null;
  const scores: number[] = [];
  const people = new Set<string>();
  for (const m of members) for (const p of m.participants) people.add(p);
  const sharedPeople = countShared(item.participants, people);
  for (const member of members) {
    if (member.signature.alone) continue;
    const other = asResolverSignature(member.signature);
    const comparison = compare(signature, other);
    if (comparison.verdict === "conflict") return null;
    if (comparison.verdict === "none") continue;
    if (comparison.verdict === "soft") {
      const own = countShared(item.participants, new Set(member.participants));
      if (own < PEOPLE_FOR_SOFT_MATCH) continue;
    }
    scores.push(comparison.score);
    if (!best || comparison.score > best.comparison.score) best = { comparison, member };
  }
  if (!best) return null;
  const top = best.comparison.score;
  const reason = reasonFor(signature, best.comparison, sharedPeople);
  // Shared people raise a Stream above another the name fits as well, never above a better fit by name.
  return {
    streamId,
    score: top + Math.min(sharedPeople, 10) / 100,
    matching: scores.filter((s) => s === top).length,
    size,
    reason,
  };
}

/**
 * The Stream `item` belongs to among `candidates` (found through its blocking keys), or null for a Stream of its
 * own. `cannotLink(memberId)` is true for an item a person took apart from this one: a Stream holding one is never
 * chosen. Each candidate is compared through at most MAX_COMPARED_MEMBERS of its members (representativeMembers),
 * yet a differing period or region anywhere among the members given keeps the item out.
 */
export function placeItem(
  item: Member,
  candidates: readonly StreamCandidate[],
  cannotLink: (memberId: string) => boolean,
): Placement | null {
  if (item.signature.alone) return null;
  const signature = asResolverSignature(item.signature);
  let best: Scored | null = null;
  for (const candidate of candidates) {
    if (candidate.members.some((m) => cannotLink(m.id))) continue;
    if (
      signature.distinguishers.length > 0 &&
      candidate.members.some(
        (m) =>
          !m.signature.alone &&
          distinguishersConflict(signature.distinguishers, asResolverSignature(m.signature).distinguishers),
      )
    ) {
      continue;
    }
    const scored = scoreStream(
      item,
      signature,
      representativeMembers(candidate.members),
      candidate.streamId,
      candidate.members.length,
    );
    if (scored && (!best || better(scored, best))) best = scored;
  }
  return best ? { streamId: best.streamId, reason: best.reason } : null;
}

/** A key held by more Streams than this is no rare token: resolveAll looks a Stream up through it only as a last resort. */
const COMMON_KEY = 64;
/** Candidate Streams compared per item, those sharing the most keys first. */
const MAX_CANDIDATES = 12;

/**
 * Resolves a whole set in memory (the bench and `npm run streams:resolve`): items in the order given (oldest first),
 * each placed as `placeItem` would against the Streams made so far. Returns each item's Stream (the id of its first
 * member) and reason. `cannotLink(a, b)` is true for a pair a person took apart.
 */
export function resolveAll(
  items: readonly Member[],
  cannotLink: (a: string, b: string) => boolean,
): Map<string, Placement> {
  interface Stream {
    order: number;
    members: Member[];
    representatives: Member[];
    variants: Set<string>;
    /** The words of the names among `representatives`. */
    words: Set<string>;
  }
  const streams = new Map<string, Stream>();
  const byKey = new Map<string, Set<string>>();
  const out = new Map<string, Placement>();
  for (const item of items) {
    const signature = asResolverSignature(item.signature);
    let placed: Placement | null = null;
    if (!signature.alone) {
      const counts = new Map<string, number>();
      const keys = signature.blockingKeys;
      const common: string[] = [];
      for (const key of keys) {
        const bucket = byKey.get(key);
        if (!bucket) continue;
        if (bucket.size > COMMON_KEY) {
          common.push(key);
          continue;
        }
        for (const id of bucket) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      if (counts.size === 0) {
        for (const key of common) {
          let n = 0;
          for (const id of byKey.get(key)!) {
            counts.set(id, 1);
            if (++n >= COMMON_KEY) break;
          }
        }
      }
      const ranked = [...counts.entries()]
        .sort((x, y) => y[1] - x[1] || streams.get(x[0])!.order - streams.get(y[0])!.order)
        .slice(0, MAX_CANDIDATES);
      const candidates: StreamCandidate[] = [];
      for (const [streamId] of ranked) {
        const stream = streams.get(streamId)!;
        if (stream.members.some((m) => cannotLink(item.id, m.id))) continue;
        candidates.push({ streamId, members: stream.representatives });
      }
      placed = placeItem(item, candidates, () => false);
    }
    const streamId = placed?.streamId ?? item.id;
    out.set(item.id, placed ?? { streamId, reason: FIRST_ITEM_REASON });
    let stream = streams.get(streamId);
    if (!stream) {
      stream = {
        order: streams.size,
        members: [],
        representatives: [],
        variants: new Set(),
        words: new Set(),
      };
      streams.set(streamId, stream);
    }
    stream.members.push(item);
    if (!signature.alone) {
      const { variant } = signature;
      const core = signature.tokens.slice(0, signature.tailFrom);
      // Every distinct period or region, and every word of a name, stays among the compared members, so a
      // conflict is never missed.
      if (
        !stream.variants.has(variant) &&
        (stream.representatives.length < MAX_COMPARED_MEMBERS ||
          signature.distinguishers.length > 0 ||
          (stream.representatives.length < MAX_COMPARED_MEMBERS * 4 &&
            core.some((t) => !stream.words.has(t))))
      ) {
        stream.variants.add(variant);
        stream.representatives.push(item);
        for (const t of core) stream.words.add(t);
      }
    }
    for (const key of signature.blockingKeys) {
      let bucket = byKey.get(key);
      if (!bucket) byKey.set(key, (bucket = new Set()));
      bucket.add(streamId);
    }
  }
  return out;
}
