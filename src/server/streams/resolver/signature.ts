/**
 * An item's signature: computed once when it is stored, from its name alone (participants travel beside it), so
 * re-resolving never parses a name again.
 */
import { isGeneric } from "./match";
import { parseName, type Decoration } from "./normalise";
import type { ItemFacts, ItemSignature } from "./types";
import { DEPARTMENT_WORDS, ROUTINE_WORDS } from "./vocabulary";

/** Bumped whenever a change of the resolver changes signatures: stored ones are then recomputed. */
export const SIGNATURE_VERSION = 6;

export interface ResolverSignature extends ItemSignature {
  version: number;
  tokens: string[];
  words: string[];
  /** Tokens from this index on came after a separator ("… – vendor shortlist"). */
  tailFrom: number;
  distinguishers: string[];
  decorations: Decoration[];
  /** Members with the same variant compare alike (see variantOf). */
  variant: string;
}

/** How much each kind of decoration makes a name less fit to name a Stream. */
const PENALTY: Record<Decoration["kind"], number> = {
  mail: 40,
  calendar: 40,
  channel: 30,
  file: 25,
  tracker: 15,
  meeting: 15,
  date: 10,
  tag: 10,
  emoji: 5,
};

/** A year at the end, apart or written onto the word before it ("Kickoff2026"). */
const TRAILING_YEAR = /[\s\p{L}](?:19|20)\d\d$/u;
/** More than a tracker key or meeting words cost, less than a file name does. */
const YEAR_PENALTY = 20;

const routineOnly = (tokens: readonly string[]): boolean =>
  tokens.every((t) => DEPARTMENT_WORDS.has(t) || ROUTINE_WORDS.has(t) || DEPARTMENT_WORDS.has(`${t}s`));

/** Two people meeting ("Dana <> Lee", "Dana / Lee"), or one ("Sync with Dana"): no project. */
const PERSON_PAIR = /^\s*\p{Lu}\p{Ll}+\s*(?:<>|<->|\/|&|\+|\bx\b|\band\b)\s*\p{Lu}\p{Ll}+\s*$/u;
const PERSON_MEETING =
  /^\W*(?:(?:[Qq]uick|[Ww]eekly|[Dd]aily|[Ss]hort)\s+)?(?:[Ss]ync|[Cc]hat|[Cc]all|[Cc]atch[\s-]?up|[Mm]eeting|[Cc]heck[\s-]?in|[Tt]ouch\s?base)\s+(?:with|w\/)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\W*$/u;

/** Skeleton of a word for typo-tolerant blocking: first letter, then its consonants without repeats. */
function skeleton(token: string): string {
  return (
    token[0] +
    token
      .slice(1)
      .replace(/[aeiouy]/g, "")
      .replace(/(.)\1+/g, "$1")
  );
}

export function blockingKeysOf(tokens: readonly string[]): string[] {
  const keys = new Set<string>();
  if (tokens.length === 0) return [];
  keys.add(`c:${tokens.join("")}`);
  const generic = [...new Set(tokens.filter(isGeneric))].sort();
  for (const t of new Set(tokens)) {
    if (!isGeneric(t)) keys.add(`t:${t}`);
    if (t.length >= 5 && !/^\d/.test(t)) keys.add(`s:${skeleton(t)}`);
  }
  if (tokens.length === 1) keys.add(`t:${tokens[0]}`);
  const pairsOf = generic.slice(0, 4);
  for (let i = 0; i < pairsOf.length; i++) {
    for (let j = i + 1; j < pairsOf.length; j++) keys.add(`g:${pairsOf[i]}|${pairsOf[j]}`);
  }
  return [...keys];
}

export function signatureOf(item: ItemFacts): ResolverSignature {
  const parsed = parseName(item.rawName ?? "", item.sourceApp ?? "");
  const { tokens } = parsed;
  const hasPeriod = parsed.distinguishers.some((d) => !d.startsWith("region:"));
  const alone =
    parsed.neverProject ||
    tokens.length === 0 ||
    (routineOnly(tokens) && !hasPeriod) ||
    // One generic word and nothing else ("Budget", "Customer call"): too vague to gather anything.
    (tokens.length === 1 && isGeneric(tokens[0]!) && parsed.distinguishers.length === 0) ||
    PERSON_PAIR.test(item.rawName ?? "") ||
    PERSON_MEETING.test(item.rawName ?? "");
  const kinds = new Set(parsed.decorations.map((d) => d.kind));
  let nameRank = 100;
  for (const kind of kinds) nameRank -= PENALTY[kind];
  if (parsed.lowerCaseOnly) nameRank -= 10;
  if (parsed.subjectDropped) nameRank -= 10;
  if (parsed.plainName.length > 3 && parsed.plainName === parsed.plainName.toUpperCase()) nameRank -= 10;
  nameRank -= Math.max(0, tokens.length - 3) * 2;
  // A bare year at the end ("Website Relaunch 2026") is how one tool files the project, not what people call it:
  // a plain name without it, even with a tracker key or meeting words taken off, names the Stream better. Every
  // member of a Stream named only with its year (`Website relaunch 2025` everywhere) pays alike and keeps it.
  if (TRAILING_YEAR.test(parsed.plainName) && tokens.length > 0) nameRank -= YEAR_PENALTY;
  if (parsed.plainName === "") nameRank = 0;
  return {
    version: SIGNATURE_VERSION,
    plainName: parsed.plainName,
    nameRank: Math.max(0, nameRank),
    blockingKeys: alone ? [] : blockingKeysOf(tokens),
    alone,
    tokens,
    words: parsed.words,
    tailFrom: parsed.tailFrom,
    distinguishers: parsed.distinguishers,
    decorations: parsed.decorations,
    variant: variantOf(tokens, parsed.distinguishers),
  };
}

/** The words and distinguishers that make two members compare alike: one member per variant is compared. */
export const variantOf = (tokens: readonly string[], distinguishers: readonly string[]): string =>
  `${[...tokens].sort().join(" ")}|${distinguishers.join(" ")}`;

/**
 * A stored signature as the matcher reads it. One this version computed is returned as it is (placement reads it
 * for every member compared); one missing a field gets it empty, so it compares as a name with no words.
 */
export function asResolverSignature(signature: ItemSignature): ResolverSignature {
  if (
    Array.isArray(signature.tokens) &&
    Array.isArray(signature.distinguishers) &&
    Array.isArray(signature.words) &&
    Array.isArray(signature.decorations) &&
    typeof signature.variant === "string"
  ) {
    return signature as ResolverSignature;
  }
  const tokens = Array.isArray(signature.tokens) ? (signature.tokens as string[]) : [];
  const distinguishers = Array.isArray(signature.distinguishers)
    ? (signature.distinguishers as string[])
    : [];
  return {
    ...signature,
    version: typeof signature.version === "number" ? signature.version : 0,
    tokens,
    words: Array.isArray(signature.words) ? (signature.words as string[]) : [],
    tailFrom: typeof signature.tailFrom === "number" ? signature.tailFrom : Number.MAX_SAFE_INTEGER,
    distinguishers,
    decorations: Array.isArray(signature.decorations) ? (signature.decorations as Decoration[]) : [],
    variant: variantOf(tokens, distinguishers),
  };
}
