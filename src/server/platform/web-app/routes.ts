import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isUnderPrefix } from "../access";
import { errorBody } from "../errors";
import { pathOnly } from "../logging";
import type { PublicConfig } from "@shared/public-config";
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from "@shared/route-preloads";

/**
 * Paths that are never pages, matched by whole segments (`/healthzfoo` and `/realtime-demo` are pages). A missing
 * file under /assets is a stale chunk name: the page in its place would fail as a script with a confusing error.
 */
const NON_PAGE_PREFIXES = ["/api", "/functions", "/dev", "/healthz", "/realtime", "/assets"];

export function isApiPath(url: string): boolean {
  const pathname = pathOnly(url);
  return NON_PAGE_PREFIXES.some((prefix) => isUnderPrefix(pathname, prefix));
}

/**
 * Whether a client wants JSON only: it names application/json and not HTML. Browsers, link checkers, uptime
 * monitors and `curl` (which sends a wildcard) all get the page.
 */
export function wantsJsonOnly(accept: string | undefined): boolean {
  const types = (accept ?? "").toLowerCase();
  return types.includes("application/json") && !types.includes("text/html");
}

/** Puts the deployment's public settings into the page as inert JSON (no inline script runs; CSP stays strict). */
export function injectPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script type="application/json" id="pulse-config">${json}</script></head>`);
}

/**
 * One page per route the build listed, with `<link rel="modulepreload">` for that route's own chunks, so the page's
 * code downloads alongside the entry instead of one round trip later.
 */
export function pagesWithPreloads(html: string, preloads: RoutePreloads): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [route, files] of Object.entries(preloads)) {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");
    pages.set(route, links ? html.replace("</head>", `${links}</head>`) : html);
  }
  return pages;
}

interface WebOptions {
  webDir: string | undefined;
  publicConfig: PublicConfig;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA fallback for
 * every client route. API paths never fall back to the page; they get a JSON 404.
 */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, { webDir, publicConfig }) => {
  const indexFile = webDir ? path.join(webDir, "index.html") : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  const indexHtml = hasWeb ? injectPublicConfig(readFileSync(indexFile, "utf8"), publicConfig) : undefined;
  // Written by the build from the web app's route table (scripts/route-preloads.ts).
  const preloadsFile = webDir ? path.join(webDir, ROUTE_PRELOADS_FILE) : undefined;
  const pages =
    indexHtml && preloadsFile && existsSync(preloadsFile)
      ? pagesWithPreloads(indexHtml, JSON.parse(readFileSync(preloadsFile, "utf8")) as RoutePreloads)
      : new Map<string, string>();

  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      // scripts/build.mjs writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(webDir, filePath);
        res.header(
          "cache-control",
          relative.startsWith("assets" + path.sep)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (
      indexHtml &&
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      !wantsJsonOnly(request.headers.accept)
    ) {
      return reply
        .code(200)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(pages.get(pathOnly(request.url)) ?? indexHtml);
    }
    return reply
      .code(404)
      .send(errorBody("not_found", `No route for ${request.method} ${pathOnly(request.url)}`));
  });
};
