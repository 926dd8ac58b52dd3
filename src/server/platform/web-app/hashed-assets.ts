import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { pageEncoding } from "./compressed-page";

/**
 * The build's hashed files (`assets/`, written once per build and never changed under their name), kept in memory
 * with the `.br` and `.gz` forms scripts/build.mjs writes beside each. A request for one is answered in the turn of
 * the event loop that parsed it. Read from disk per request (as `@fastify/static` does), each answer took several
 * turns (stat, open, read, close), and on the embedded database every one of them could wait behind a query running
 * in the server's own thread: a page's chunks, asked for together with its first GET, came back behind that GET
 * (docs/performance.md, "Hashed assets from memory").
 */
export interface HashedAsset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The content types of what the build writes under assets/; a file of another kind fails the start, named. */
const TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
};

const COMPRESSED_FORMS = [".br", ".gz"];

/** Every hashed file of `assetsDir` by its URL path (`/assets/<name>`); none when the folder is not there. */
export function readHashedAssets(assetsDir: string): Map<string, HashedAsset> {
  const assets = new Map<string, HashedAsset>();
  if (!existsSync(assetsDir)) return assets;
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    if (!entry.isFile() || COMPRESSED_FORMS.includes(path.extname(entry.name))) continue;
    const type = TYPES[path.extname(entry.name)];
    if (type === undefined) throw new Error(`No content type is known for the built asset ${entry.name}`);
    const file = path.join(assetsDir, entry.name);
    const identity = readFileSync(file);
    const form = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    const br = form(".br");
    const gzip = form(".gz");
    assets.set(`/assets/${entry.name}`, {
      type,
      // Weak: one tag for the file in every encoding (a strong one would have to differ per encoding).
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      identity,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    });
  }
  return assets;
}

/** Whether an If-None-Match header names this entity tag (or `*`), by RFC 9110's weak comparison. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * GET (and HEAD) `/assets/<name>` from memory: a year's immutable caching, the smallest form the client accepts,
 * 304 for a tag it holds. A name that is not there goes to the not-found handler (a 404, never the page).
 */
export function registerHashedAssets(app: FastifyInstance, assets: ReadonlyMap<string, HashedAsset>): void {
  app.get<{ Params: { name: string } }>("/assets/:name", (request, reply) => {
    const asset = assets.get(`/assets/${request.params.name}`);
    if (asset === undefined) return reply.callNotFound();
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("vary", "accept-encoding")
      .header("etag", asset.etag)
      .type(asset.type);
    if (matchesEtag(request.headers["if-none-match"], asset.etag)) return reply.code(304).send();
    const encoding = pageEncoding(request.headers["accept-encoding"], asset);
    return encoding === undefined
      ? reply.send(asset.identity)
      : reply.header("content-encoding", encoding).send(asset[encoding]);
  });
}
