import { z } from "zod";

/**
 * PostgreSQL's text and jsonb cannot hold U+0000: a string carrying one fails inside the query, a 500 (and, from
 * the workflow service, a retry forever) where it should be a 400. Every string a request body brings towards the
 * database is checked here first (issue 20 finding 10).
 */

/** The issue of a string holding U+0000, after its path: "items.0.raw_name: must not contain U+0000". */
export const NUL_MESSAGE = "must not contain U+0000";

export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * `z.string()` that refuses U+0000 before any other check, so `.trim()`, `.min()` and the rest chain on as usual.
 * `nulMessage` replaces the default where a form words its own messages.
 */
export function text(params?: Parameters<typeof z.string>[0], nulMessage: string = NUL_MESSAGE) {
  return z.string(params).refine((value) => !hasNul(value), { error: nulMessage });
}

/**
 * Where in an already parsed value a string (or an object key) holds U+0000, or undefined when none does: the
 * check of a whole input, whatever its schema, before it is used (platform/errors.ts `parseInput`).
 */
export function nulPath(value: unknown): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  return holdsNul(value, path) ? path : undefined;
}

function holdsNul(value: unknown, path: (string | number)[]): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      if (holdsNul(value[i], path)) return true;
      path.pop();
    }
    return false;
  }
  if (value === null || typeof value !== "object") return false;
  // Plain records only (parsed JSON, zod's output, a null-prototype query): a Date or a Buffer is not text.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const [key, item] of Object.entries(value)) {
    path.push(key);
    if (hasNul(key) || holdsNul(item, path)) return true;
    path.pop();
  }
  return false;
}
