/**
 * Scores a grouping against labels (the bench and the labelled-set test): pairwise precision and recall (of all
 * pairs of items put together, how many share a label; of all pairs sharing a label, how many were put together)
 * and B-cubed precision and recall (the same asked per item, then averaged, so a big project does not outweigh
 * the rest), and how many confusable pairs of projects ended up in one group.
 */

export interface Scores {
  pairwise: { precision: number; recall: number; f1: number };
  bcubed: { precision: number; recall: number; f1: number };
  /** Confusable pairs of labels that share at least one group. */
  confusableMerged: [string, string][];
  groups: number;
}

const pairs = (n: number): number => (n * (n - 1)) / 2;
const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

/** `groupOf[i]` and `labelOf[i]` are item i's group and label. */
export function score(
  groupOf: readonly string[],
  labelOf: readonly string[],
  confusable: readonly (readonly [string, string])[] = [],
): Scores {
  const cell = new Map<string, number>();
  const groupSize = new Map<string, number>();
  const labelSize = new Map<string, number>();
  const labelsOfGroup = new Map<string, Set<string>>();
  groupOf.forEach((g, i) => {
    const l = labelOf[i]!;
    const key = `${g}\u0000${l}`;
    cell.set(key, (cell.get(key) ?? 0) + 1);
    groupSize.set(g, (groupSize.get(g) ?? 0) + 1);
    labelSize.set(l, (labelSize.get(l) ?? 0) + 1);
    if (!labelsOfGroup.has(g)) labelsOfGroup.set(g, new Set());
    labelsOfGroup.get(g)!.add(l);
  });
  let together = 0;
  for (const n of cell.values()) together += pairs(n);
  let predicted = 0;
  for (const n of groupSize.values()) predicted += pairs(n);
  let truth = 0;
  for (const n of labelSize.values()) truth += pairs(n);
  const pp = predicted === 0 ? 1 : together / predicted;
  const pr = truth === 0 ? 1 : together / truth;

  let bp = 0;
  let br = 0;
  groupOf.forEach((g, i) => {
    const l = labelOf[i]!;
    const both = cell.get(`${g}\u0000${l}`)!;
    bp += both / groupSize.get(g)!;
    br += both / labelSize.get(l)!;
  });
  const n = groupOf.length || 1;
  bp /= n;
  br /= n;

  const confusableMerged = confusable.filter(([a, b]) =>
    [...labelsOfGroup.values()].some((labels) => labels.has(a) && labels.has(b)),
  ) as [string, string][];
  return {
    pairwise: { precision: pp, recall: pr, f1: f1(pp, pr) },
    bcubed: { precision: bp, recall: br, f1: f1(bp, br) },
    confusableMerged,
    groups: groupSize.size,
  };
}
