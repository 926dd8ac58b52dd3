import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A page kept in memory with its compressed forms, made once (pages are small, so every form is kept). */
export interface CompressedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export function compressPage(html: string): CompressedPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * The encoding to send for an Accept-Encoding header, among the forms at hand (both, for a page): brotli, then gzip,
 * else none (a `;q=0` refuses one).
 */
export function pageEncoding(
  acceptEncoding: string | undefined,
  available: { br?: unknown; gzip?: unknown } = { br: true, gzip: true },
): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim()),
  );
  if (available.br && accepted.has("br")) return "br";
  if (available.gzip && accepted.has("gzip")) return "gzip";
  return undefined;
}
