import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError, parseInput } from "./errors";

function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, code: err.code, message: err.message };
    throw err;
  }
  throw new Error("not refused");
}

describe("parseInput", () => {
  // A schema without text(): what parseInput lets through still never reaches PostgreSQL with a U+0000.
  const event = z.object({
    items: z.array(z.object({ raw_name: z.string().max(500) })),
    tags: z.record(z.string(), z.number()).optional(),
  });

  it("refuses a U+0000 in any string the schema lets through, naming where (issue 20 finding 10)", () => {
    expect(
      refusal(() => parseInput(event, { items: [{ raw_name: "ok" }, { raw_name: "Apo\u0000llo" }] })),
    ).toEqual({
      status: 400,
      code: "validation_failed",
      message: "items.1.raw_name: must not contain U+0000",
    });
    expect(refusal(() => parseInput(event, { items: [], tags: { ["a\u0000"]: 1 } })).message).toBe(
      "tags.a\u0000: must not contain U+0000",
    );
  });

  it("lets a U+0000 the schema drops pass, and clean input through unchanged", () => {
    expect(parseInput(event, { items: [{ raw_name: "Apollo" }], ignored: "\u0000" })).toEqual({
      items: [{ raw_name: "Apollo" }],
    });
  });
});
