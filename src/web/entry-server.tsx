// The server's pre-render of the public pages (docs/decisions/0083-prerendering-public-pages.md). Vite builds it
// for Node into dist/web-ssr; the server imports it when it is ready and renders each public page once, with the
// deployment's public settings.
import { StrictMode } from "react";
// The edge build, not Node's: Node's keeps each render's request in an AsyncLocalStorage, whose first use installs an
// async hook for the life of the process, so every promise of every API request afterwards paid for it
// (docs/performance.md, "API overhead"). The edge build keeps the request in a variable where no global
// AsyncLocalStorage exists, as in Node.
import { prerender } from "react-dom/static.edge";
import type { PublicConfig } from "@shared/public-config";
import { StaticRouter } from "./lib/router";
import { AppRoot } from "./app-root";
import { providePublicConfig } from "./lib/public-config";
import { publicPageAt } from "./route-table";
import { preloadPage } from "./routes";

/**
 * The markup of the page an anonymous visitor sees at `pathname` (the inside of #root), or undefined when that path
 * is not a public page (the signed-in area stays client-rendered).
 */
export async function renderPublicPage(pathname: string, config: PublicConfig): Promise<string | undefined> {
  const page = publicPageAt(pathname);
  if (!page) return undefined;
  providePublicConfig(config);
  await preloadPage(page.page);
  // A static prerender waits for every Suspense boundary, where renderToString would send the fallback of a lazy
  // part of a page and make the browser log a recoverable error (React #419) for it.
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppRoot startSignedOut />
      </StaticRouter>
    </StrictMode>,
    // React moves a boundary larger than this out of place, to be put back by an inline script the CSP forbids
    // (and which nothing would run). Every boundary is complete here: keep each where it belongs.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
