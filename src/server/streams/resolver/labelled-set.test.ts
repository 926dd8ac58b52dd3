import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { score } from "./evaluate";
import { resolveAll, signatureOf, type Member } from "./index";

interface LabelledSet {
  items: { id: string; source_app: string; raw_name: string; participants: string[]; label: string }[];
  confusable_pairs: [string, string][];
}

const load = (name: string): LabelledSet =>
  JSON.parse(readFileSync(path.resolve("bench/resolution", name), "utf8")) as LabelledSet;

function resolveSet(set: LabelledSet) {
  const members: Member[] = set.items.map((item) => ({
    id: item.id,
    signature: signatureOf({
      rawName: item.raw_name,
      sourceApp: item.source_app,
      participants: item.participants,
    }),
    participants: item.participants,
  }));
  const placements = resolveAll(members, () => false);
  return score(
    members.map((m) => placements.get(m.id)!.streamId),
    set.items.map((i) => i.label),
    set.confusable_pairs,
  );
}

describe("the labelled sets (bench/resolution)", () => {
  it("the generated set meets the issue's goals, far above exact-name grouping", () => {
    const set = load("labelled-set.json");
    expect(set.items.length).toBeGreaterThanOrEqual(400);
    const scores = resolveSet(set);
    expect(scores.pairwise.precision).toBeGreaterThanOrEqual(0.95);
    expect(scores.bcubed.f1).toBeGreaterThanOrEqual(0.9);
    expect(scores.confusableMerged).toEqual([]);
    const exact = score(
      set.items.map((i) => i.raw_name),
      set.items.map((i) => i.label),
    );
    expect(scores.bcubed.f1).toBeGreaterThan(exact.bcubed.f1 + 0.3);
  });

  it("the hand-written set, in other words, keeps precision and merges no confusable pair", () => {
    const scores = resolveSet(load("hand-written-set.json"));
    expect(scores.pairwise.precision).toBeGreaterThanOrEqual(0.95);
    expect(scores.bcubed.f1).toBeGreaterThanOrEqual(0.9);
    expect(scores.confusableMerged).toEqual([]);
  });
});
