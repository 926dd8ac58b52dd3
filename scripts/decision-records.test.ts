import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** docs/decisions: the index (README.md) lists every record, and the records name only files that exist. */
const DIR = "docs/decisions";
const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

describe("the decision records", () => {
  it("are each listed in the index, and the index links only to records that exist", () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(
      records.filter((name) => !linked.includes(name)),
      "records missing from the index",
    ).toEqual([]);
    expect(
      linked.filter((name) => !records.includes(name)),
      "index rows without a record",
    ).toEqual([]);
  });

  it("name only paths of the repository that exist", () => {
    const missing = records.flatMap((name) => {
      const text = readFileSync(path.join(DIR, name), "utf8");
      // A path written out from the repository's root, in code quotes; placeholders (`<name>`, NNNN, globs) aside.
      const paths = [...text.matchAll(/`((?:src|scripts|e2e|bench|docs)\/[^`\s]+)`/g)]
        .map((m) => m[1]!.replace(/[:#].*$/, ""))
        .filter((p) => !/[<*]|NNNN/.test(p));
      return paths.filter((p) => !existsSync(p)).map((p) => `${name}: ${p}`);
    });
    expect(missing).toEqual([]);
  });
});
