/**
 * Compares two parsed names: do they name the same work, certainly different work, or neither? Precision first: a
 * differing distinguisher (period, version, number, region) or a differing word on each side (`Globex renewal` /
 * `Initech renewal`) is a conflict; a match needs enough shared evidence (one distinctive word or two generic
 * ones), and a match through an abbreviation ("web" for "website") only counts with shared people.
 */
import { distance } from "fastest-levenshtein";
import { isSubjectWord } from "./normalise";
import { isGeneric, weight } from "./vocabulary";

/** What a comparison needs of a name (a subset of the stored signature). */
export interface Comparable {
  tokens: readonly string[];
  /** Tokens from this index on came after a separator: an unknown word there is the item's subject. */
  tailFrom?: number;
  distinguishers: readonly string[];
}

export type Verdict = "conflict" | "match" | "soft" | "none";
export type How = "equal" | "typo" | "joined" | "subset" | "abbreviation";

export interface Comparison {
  verdict: Verdict;
  /** Higher is stronger evidence: equal names 3 (2.5 when only the subjects differ), a subset 2, a soft match 1. */
  score: number;
  how: How;
  /** Indexes of the first name's tokens found in the second. */
  shared: number[];
  /** The token written with a typo (the first name's, unless only the other's is misspelt), when one was needed. */
  typo?: string;
}

const NONE: Comparison = { verdict: "none", score: 0, how: "equal", shared: [] };

const known = isGeneric;
export { isGeneric, weight };

/** The same word with one slip of the keyboard: a letter missed, added, changed, or two swapped. */
export function isTypo(a: string, b: string): boolean {
  if (a === b) return false;
  const longest = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 5) return false;
  // The first letter is the one people get right, unless they swapped it with the second ("Ltain").
  if (a[0] !== b[0] && !(a[0] === b[1] && a[1] === b[0])) return false;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  // Two real words a letter apart are two words ("launch" / "lunch" aside, "report" / "resort"): both known, no typo.
  if (known(a) && known(b)) return false;
  const d = distance(a, b);
  if (d <= (longest >= 8 ? 2 : 1)) return true;
  return d === 2 && a.length === b.length && [...a].sort().join("") === [...b].sort().join("");
}

function kindValues(distinguishers: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const d of distinguishers) {
    const at = d.indexOf(":");
    const kind = d.slice(0, at);
    if (!out.has(kind)) out.set(kind, new Set());
    out.get(kind)!.add(d.slice(at + 1));
  }
  return out;
}

/** Two names whose periods, versions, numbers or regions of one kind differ name different work. */
export function distinguishersConflict(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const left = kindValues(a);
  const right = kindValues(b);
  for (const [kind, values] of left) {
    const other = right.get(kind);
    if (!other) continue;
    if (values.size !== other.size || [...values].some((v) => !other.has(v))) return true;
  }
  return false;
}

export function compare(a: Comparable, b: Comparable): Comparison {
  if (distinguishersConflict(a.distinguishers, b.distinguishers)) {
    return { ...NONE, verdict: "conflict" };
  }
  const A = a.tokens;
  const B = b.tokens;
  const usedA = new Array<boolean>(A.length).fill(false);
  const usedB = new Array<boolean>(B.length).fill(false);
  let sharedWeight = 0;
  let how: How = "equal";
  let typo: string | undefined;
  let soft = 0;
  const typoOfKnown = new Set<number>();
  const take = (i: number, j: number, w: number) => {
    usedA[i] = true;
    usedB[j] = true;
    sharedWeight += w;
  };
  const tailA = a.tailFrom ?? Number.MAX_SAFE_INTEGER;
  const tailB = b.tailFrom ?? Number.MAX_SAFE_INTEGER;
  /** Words of one name's own part matched only by a word after the other's separator. */
  const crossA: number[] = [];
  const crossB: number[] = [];
  for (let i = 0; i < A.length; i++) {
    const j = B.findIndex((t, k) => !usedB[k] && t === A[i]);
    if (j >= 0) {
      take(i, j, weight(A[i]!));
      if (i >= tailA && j < tailB) crossB.push(j);
      if (j >= tailB && i < tailA) crossA.push(i);
    }
  }
  // Words run together ("#websiterelaunch") against the same words apart, either way round.
  const joined = (X: readonly string[], Y: readonly string[], usedX: boolean[], usedY: boolean[]) => {
    for (let i = 0; i < X.length; i++) {
      if (usedX[i] || X[i]!.length < 6) continue;
      for (let j = 0; j < Y.length && !usedX[i]; j++) {
        let text = "";
        for (let k = j; k < Math.min(Y.length, j + 3); k++) {
          if (usedY[k]) break;
          text += Y[k];
          if (k > j && (text === X[i] || (text.length >= 8 && isTypo(text, X[i]!)))) {
            let w = 0;
            for (let n = j; n <= k; n++) {
              usedY[n] = true;
              w += weight(Y[n]!);
            }
            usedX[i] = true;
            sharedWeight += Math.min(w, 2);
            how = "joined";
            break;
          }
          if (text.length >= X[i]!.length) break;
        }
      }
    }
  };
  joined(A, B, usedA, usedB);
  joined(B, A, usedB, usedA);
  for (let i = 0; i < A.length; i++) {
    if (usedA[i]) continue;
    const j = B.findIndex((t, k) => !usedB[k] && isTypo(A[i]!, t));
    if (j >= 0) {
      take(i, j, Math.min(weight(A[i]!), weight(B[j]!)));
      if (known(B[j]!)) typoOfKnown.add(i);
      if (how === "equal") how = "typo";
      // The word written with the slip: the one no list knows, else the item's own.
      typo ??= known(A[i]!) && !known(B[j]!) ? B[j] : A[i];
    }
  }
  // Two misspellings of one word ("ameirca" / "aerica") count neither for nor against.
  for (let i = 0; i < A.length; i++) {
    if (usedA[i] || A[i]!.length < 6 || known(A[i]!)) continue;
    const j = B.findIndex(
      (t, k) => !usedB[k] && t.length >= 6 && !known(t) && t[0] === A[i]![0] && distance(t, A[i]!) <= 2,
    );
    if (j >= 0) {
      usedA[i] = true;
      usedB[j] = true;
    }
  }
  // An abbreviation ("web" / "website", "infra" / "infrastructure"): a soft link that needs shared people.
  for (let i = 0; i < A.length; i++) {
    if (usedA[i]) continue;
    const j = B.findIndex(
      (t, k) =>
        !usedB[k] &&
        Math.min(t.length, A[i]!.length) >= 3 &&
        !/^\d/.test(t) &&
        (t.startsWith(A[i]!) || A[i]!.startsWith(t)),
    );
    if (j >= 0) {
      usedA[i] = true;
      usedB[j] = true;
      soft++;
    }
  }
  // After a separator, a word is what the item is about ("– vendor shortlist", "– data mapping"), not a different
  // project; a kind of work there ("Globex – onboarding") still tells projects apart.
  const subject = (t: string, i: number, tailFrom = Number.MAX_SAFE_INTEGER) =>
    i >= tailFrom && isSubjectWord(t);
  const onlyA = A.filter((t, i) => !usedA[i] && !subject(t, i, a.tailFrom));
  const onlyB = B.filter((t, j) => !usedB[j] && !subject(t, j, b.tailFrom));
  // A word of one name matched only after the other's separator, while that other keeps a word of its own name the
  // first lacks ("Dexroka identity launch" / "Dexroka identity api – launch plan"): the second is the api's launch
  // plan, so `launch` is a word the first keeps and the api one it lacks.
  const ownA = A.some((_, i) => !usedA[i] && i < tailA);
  const ownB = B.some((_, j) => !usedB[j] && j < tailB);
  if (ownA && onlyB.length === 0) for (const j of crossB) onlyB.push(B[j]!);
  if (ownB && onlyA.length === 0) for (const i of crossA) onlyA.push(A[i]!);
  const subjects =
    A.some((t, i) => !usedA[i] && subject(t, i, a.tailFrom)) ||
    B.some((t, j) => !usedB[j] && subject(t, j, b.tailFrom));
  const shared = A.map((_, i) => i).filter((i) => usedA[i]);
  if (sharedWeight === 0) return { ...NONE, shared };
  // A version, number or region on one side only is a word the other lacks ("Checkout v2" / "Checkout
  // conversion"); a period on one side only is not ("Website relaunch 2026" / "Website relaunch").
  const kindsA = new Set(a.distinguishers.map((d) => d.slice(0, d.indexOf(":"))));
  const kindsB = new Set(b.distinguishers.map((d) => d.slice(0, d.indexOf(":"))));
  const lone = (own: Set<string>, other: Set<string>) =>
    [...own].some((k) => !other.has(k) && (k === "version" || k === "number" || k === "region"));
  const loneA = lone(kindsA, kindsB);
  const loneB = lone(kindsB, kindsA);
  // The same period, version or region on both sides is evidence too ("April newsletter" in both).
  const sameDistinguishers = a.distinguishers.filter((d) => b.distinguishers.includes(d)).length;
  const evidence = sharedWeight + Math.min(sameDistinguishers, 2) * 0.5;
  const leftA = onlyA.length > 0 || loneA;
  const leftB = onlyB.length > 0 || loneB;
  if (leftA && leftB) {
    const distinctA = loneA || onlyA.some((t) => !known(t));
    const distinctB = loneB || onlyB.some((t) => !known(t));
    // Different words on each side name different work ("Acme renewal" / "Acme onboarding"), however much else
    // they share; a distinctive word on one side only leaves them undecided.
    if ((distinctA && distinctB) || !(distinctA || distinctB))
      return { ...NONE, verdict: "conflict", shared };
    return { ...NONE, shared };
  }
  if (!leftA && !leftB) {
    if (soft > 0) return { verdict: "soft", score: 1, how: "abbreviation", shared, typo };
    if (subjects)
      return { verdict: "match", score: 2.5, how: how === "equal" ? "subset" : how, shared, typo };
    return { verdict: "match", score: how === "equal" ? 3 : 2.8, how, shared, typo };
  }
  if (soft > 0) return { verdict: "soft", score: 1, how: "abbreviation", shared, typo };
  if (evidence < 1) return { ...NONE, shared };
  // Generic words alone ("Data migration") inside a name with a distinctive word more ("Data warehouse
  // migration"): maybe the same work, maybe its sibling; shared people decide.
  const sharesDistinct = shared.some((i) => !known(A[i]!) && !typoOfKnown.has(i));
  const extraDistinct = leftA ? loneA || onlyA.some((t) => !known(t)) : loneB || onlyB.some((t) => !known(t));
  if (!sharesDistinct && extraDistinct) return { verdict: "soft", score: 1, how: "subset", shared, typo };
  return { verdict: "match", score: 2, how: how === "equal" ? "subset" : how, shared, typo };
}
