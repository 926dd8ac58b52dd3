import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isUnderPrefix } from "../access";
import { errorBody } from "../errors";
import { pathOnly } from "../logging";
import type { PublicConfig } from "@shared/public-config";
import {
  ROUTE_PRELOADS_FILE,
  SIGNED_IN_GETS_FILE,
  SIGNED_IN_PRELOADS_FILE,
  type RouteGets,
  type RoutePreloads,
} from "@shared/route-preloads";
import { compressPage, pageEncoding, type CompressedPage } from "./compressed-page";
import { readHashedAssets, registerHashedAssets } from "./hashed-assets";
import { withInlinePrePaintScript, type PrePaintScript } from "./inline-script";
import {
  entryScriptOf,
  prerendererFromBuild,
  withPrerenderedRoot,
  withScriptsAfterPaint,
  type PagePrerenderer,
} from "./prerender";

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
  // A function, so a `$` in an operator's setting (`$'`, `$&`) is never read as a replacement pattern.
  return html.replace(
    "</head>",
    () => `<script type="application/json" id="pulse-config">${json}</script></head>`,
  );
}

/**
 * One page per route the build listed, with `<link rel="modulepreload">` for that route's own chunks, so the page's
 * code downloads alongside the entry instead of one round trip later. `pageAt` makes the route's page before its
 * preloads are added (its pre-paint script, the settings).
 */
export function pagesWithPreloads(
  html: string,
  preloads: RoutePreloads,
  pageAt: (html: string, route: string) => string = (page) => page,
): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [route, files] of Object.entries(preloads)) {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");
    const page = pageAt(html, route);
    pages.set(route, links ? page.replace("</head>", () => `${links}</head>`) : page);
  }
  return pages;
}

interface WebOptions {
  webDir: string | undefined;
  publicConfig: PublicConfig;
  /** Renders the public pages; by default the build's server-rendering bundle beside webDir. */
  prerender?: PagePrerenderer;
  /** Written into every page in place of the tag that loads it (its hash is in the CSP). */
  prePaintScript?: PrePaintScript | undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA fallback for
 * every client route. API paths never fall back to the page; they get a JSON 404.
 */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (
  app,
  { webDir, publicConfig, prerender, prePaintScript },
) => {
  const indexFile = webDir ? path.join(webDir, "index.html") : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  const rawHtml = hasWeb ? readFileSync(indexFile, "utf8") : undefined;
  // Written by the build from the web app's route table (scripts/route-preloads.ts).
  const readRouteLists = <T extends RoutePreloads | RouteGets>(file: string): T => {
    const listed = webDir ? path.join(webDir, file) : undefined;
    return rawHtml !== undefined && listed && existsSync(listed)
      ? (JSON.parse(readFileSync(listed, "utf8")) as T)
      : ({} as T);
  };
  const preloads = readRouteLists<RoutePreloads>(ROUTE_PRELOADS_FILE);
  const sessionPreloads = readRouteLists<RoutePreloads>(SIGNED_IN_PRELOADS_FILE);
  const sessionGets = readRouteLists<RouteGets>(SIGNED_IN_GETS_FILE);
  const entry = rawHtml === undefined ? undefined : entryScriptOf(rawHtml);
  // A pre-rendered page whose signed-in render is another page ("/": the dashboard) keeps its entry inert until it
  // paints, and with a session it paints nothing of its own (the markup is hidden): the entry is named with the
  // signed-in page's files, to start with them.
  const sessionPreloadsAt = (route: string): string[] => {
    const files = sessionPreloads[route] ?? [];
    return route in preloads && files.length > 0 && entry ? [entry, ...files] : files;
  };
  const pageAt = (html: string, route: string | undefined) =>
    injectPublicConfig(
      withInlinePrePaintScript(
        html,
        prePaintScript,
        route === undefined
          ? {}
          : {
              preloads: sessionPreloadsAt(route),
              gets: sessionGets[route] ?? [],
              companyDomain: publicConfig.companyDomain,
              requireHostedDomain: publicConfig.requireHostedDomain,
            },
      ),
      publicConfig,
    );
  // Kept compressed, as the public pages are: the page is on a signed-in visit's critical path before any script.
  const indexPage = rawHtml === undefined ? undefined : compressPage(pageAt(rawHtml, undefined));
  const pages =
    rawHtml === undefined
      ? new Map<string, string>()
      : pagesWithPreloads(rawHtml, preloads, (html, route) => pageAt(html, route));
  // The signed-in area's pages: the app's own render, its chunks and first GETs named for a browser holding a session.
  const signedInPages = new Map(
    rawHtml === undefined
      ? []
      : [...new Set([...Object.keys(sessionPreloads), ...Object.keys(sessionGets)])]
          .filter((route) => !pages.has(route))
          .map((route) => [route, compressPage(pageAt(rawHtml, route))]),
  );
  const render = prerender ?? (webDir ? prerendererFromBuild(webDir) : undefined);
  // The public pages (those the build listed preloads for) are rendered in this process, with this deployment's
  // settings, once each, as soon as the server is ready (a request that comes first waits for its page), and kept
  // compressed; if rendering fails, the page is served client-rendered.
  const rendered = new Map<string, Promise<CompressedPage>>();
  const renderOnce = (pathname: string, plain: string, log: FastifyBaseLogger): Promise<CompressedPage> => {
    let page = rendered.get(pathname);
    if (!page) {
      page = prerenderedPage(pathname, plain, log);
      rendered.set(pathname, page);
    }
    return page;
  };
  // The pages not rendered yet: until there are none the instance is not ready (/readyz), so a balancer sends a
  // starting replica no visitor whose page would wait for its render.
  const unrendered = new Set(render ? pages.keys() : []);
  const prerenderedPage = async (pathname: string, plain: string, log: FastifyBaseLogger) => {
    let html = plain;
    try {
      const markup = render ? await render(pathname, publicConfig) : undefined;
      if (markup !== undefined) html = withScriptsAfterPaint(withPrerenderedRoot(plain, pathname, markup));
    } catch (err) {
      log.error({ err, path: pathname }, "Pre-rendering a public page failed; it is served client-rendered");
    }
    pages.set(pathname, html);
    unrendered.delete(pathname);
    return compressPage(html);
  };

  if (unrendered.size > 0) {
    app.readiness.checks.set("pages", {
      code: "pages_rendering",
      message: "The public pages are still being rendered.",
      ready: () => unrendered.size === 0,
    });
  }
  if (render) {
    // Not awaited: the server answers (health checks, the API) while the pages render.
    app.addHook("onReady", async () => {
      for (const [pathname, plain] of pages) void renderOnce(pathname, plain, app.log);
    });
  }

  if (hasWeb && webDir) {
    registerHashedAssets(app, readHashedAssets(path.join(webDir, "assets")));
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      // Answered from memory above.
      globIgnore: ["assets/**"],
      // scripts/build.mjs writes .br and .gz beside each file.
      preCompressed: true,
      setHeaders(res) {
        res.header("cache-control", "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (
      indexPage &&
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      !wantsJsonOnly(request.headers.accept)
    ) {
      const pathname = pathOnly(request.url);
      const plain = pages.get(pathname);
      const page =
        plain === undefined
          ? (signedInPages.get(pathname) ?? indexPage)
          : await renderOnce(pathname, plain, request.log);
      const encoding = pageEncoding(request.headers["accept-encoding"]);
      reply
        .code(200)
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding")
        .type("text/html; charset=utf-8");
      return encoding
        ? reply.header("content-encoding", encoding).send(page[encoding])
        : reply.send(page.html);
    }
    return reply
      .code(404)
      .send(errorBody("not_found", `No route for ${request.method} ${pathOnly(request.url)}`));
  });
};
