/** The resolver's shapes (issue 38), kept apart so its modules import them without a cycle through index.ts. */

/** What a tool reported about one discovered item. */
export interface ItemFacts {
  rawName: string;
  sourceApp: string;
  /** Lower-case e-mail addresses (a meeting's attendees, a thread's correspondents …), at most 50. */
  participants?: readonly string[];
  /** The tracker project, the channel topic, the mail's first line; at most 500 characters. */
  context?: string | null;
}

/** What the resolver needs of an item, computed once when it is stored (JSON-serialisable: kept in the database). */
export interface ItemSignature {
  /** The name without the tool's decorations, casing kept; "" when nothing is left. */
  plainName: string;
  /** How clear `plainName` is as a Stream's name: the Stream shows its member with the highest rank. */
  nameRank: number;
  /** Keys an index finds candidate Streams by (rare tokens …); empty for an item that must stay alone. */
  blockingKeys: string[];
  /** An empty name, or generic work that is no project (`Weekly team sync`, `OOO`): never grouped. */
  alone: boolean;
  /** Anything else the matcher needs (normalised tokens, distinguishers …). */
  [extra: string]: unknown;
}

export interface Member {
  id: string;
  signature: ItemSignature;
  participants: readonly string[];
}

export interface StreamCandidate {
  streamId: string;
  members: readonly Member[];
}

export interface Placement {
  streamId: string;
  /** A short human reason, e.g. "same name once 'RE:' is removed". */
  reason: string;
}
