/**
 * The Stream resolver (issue 38, docs/decisions/0100-stream-resolution.md): which discovered items name the same
 * project, and why. Pure and deterministic: no clock, no randomness, no I/O.
 *
 * - normalise.ts takes a name apart (decorations off, words and distinguishers out);
 * - signature.ts computes what is stored per item (plain name, name rank, blocking keys, alone);
 * - match.ts compares two names (conflict, match, a soft match that needs shared people);
 * - cluster.ts places an item among candidate Streams and resolves whole sets;
 * - reason.ts says why, in a few words;
 * - vocabulary.ts holds every word list the others read; evaluate.ts scores a grouping against labels (the bench).
 */
export type { ItemFacts, ItemSignature, Member, Placement, StreamCandidate } from "./types";
export { signatureOf, blockingKeysOf, SIGNATURE_VERSION, type ResolverSignature } from "./signature";
export {
  FIRST_ITEM_REASON,
  MAX_COMPARED_MEMBERS,
  placeItem,
  representativeMembers,
  resolveAll,
} from "./cluster";
export { compare, type Comparison } from "./match";
export { parseName, type ParsedName, type Decoration } from "./normalise";
