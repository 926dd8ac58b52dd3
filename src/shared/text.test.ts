import { describe, expect, it } from "vitest";
import { NUL_MESSAGE, nulPath, text } from "./text";

describe("text(): strings PostgreSQL can store", () => {
  it("refuses U+0000 anywhere, before the checks chained after it", () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse(" Ada ")).toBe("Ada");
    for (const value of ["\u0000", "A\u0000da", "Ada\u0000", "\u0000".repeat(10)]) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
    }
  });

  it("words the refusal as the form asks, and keeps the schema's own messages", () => {
    const email = text(
      { error: "Please enter a valid email address." },
      "Please enter a valid email address.",
    );
    expect(email.safeParse("a\u0000@b.co").error?.issues[0]?.message).toBe(
      "Please enter a valid email address.",
    );
    expect(email.safeParse(42).error?.issues[0]?.message).toBe("Please enter a valid email address.");
  });
});

describe("nulPath: where a parsed value holds U+0000", () => {
  it("names the first string or key that does, and nothing for clean values", () => {
    expect(nulPath({ items: [{ raw_name: "ok" }, { raw_name: "x\u0000" }] })).toEqual([
      "items",
      1,
      "raw_name",
    ]);
    expect(nulPath({ ["k\u0000"]: 1 })).toEqual(["k\u0000"]);
    expect(nulPath("\u0000")).toEqual([]);
    expect(nulPath({ a: ["b", 1, true, null, { c: "d" }], when: new Date(0) })).toBeUndefined();
    expect(nulPath(Object.assign(Object.create(null) as object, { after: "\u0000" }))).toEqual(["after"]);
  });
});
