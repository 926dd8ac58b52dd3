import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, type LabelledSet } from "./generate-labelled-set";

const committed = JSON.parse(
  readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "labelled-set.json"), "utf8"),
) as LabelledSet;

describe("the labelled set", () => {
  it("is what the seeded generator writes", () => {
    expect(generate()).toEqual(committed);
  });

  it("has the size and the mix the issue asks for", () => {
    const labels = committed.items.map((i) => i.label);
    const projects = new Set(labels.filter((l) => !/^(noise|empty)-/.test(l)));
    expect(committed.items.length).toBeGreaterThanOrEqual(400);
    expect(projects.size).toBeGreaterThanOrEqual(80);
    expect(new Set(committed.items.map((i) => i.source_app)).size).toBeGreaterThanOrEqual(5);
    const withSibling = new Set(committed.confusable_pairs.flat());
    expect(withSibling.size / projects.size).toBeGreaterThanOrEqual(0.2);
    for (const label of withSibling) expect(projects.has(label)).toBe(true);
    expect(labels.filter((l) => l.startsWith("noise-")).length).toBeGreaterThanOrEqual(20);
    expect(committed.items.filter((i) => i.raw_name.trim() === "").length).toBeGreaterThanOrEqual(3);
    // Noise and empty items are each their own label.
    const own = labels.filter((l) => /^(noise|empty)-/.test(l));
    expect(new Set(own).size).toBe(own.length);
    expect(
      committed.items.filter((i) => i.participants.length > 0).length / committed.items.length,
    ).toBeGreaterThan(0.5);
  });
});
