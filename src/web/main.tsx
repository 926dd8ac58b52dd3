import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PRERENDERED_PATH_ATTRIBUTE } from "@shared/prerender";
import { BrowserRouter } from "./lib/router";
import { AppRoot } from "./app-root";
import { signedInSessionAtStart, startRouteData } from "./app/route-data/route-data";
import { startsSignedOut } from "./lib/auth/auth-client";
import { publicPageAt, signedInPageAt } from "./route-table";
import { preloadPage } from "./routes";
import "./styles.css";

// The app's own router over the browser's history (docs/decisions/0093-own-router.md), as the server's pre-render
// uses it over the page's address.
const app = (hydrating: boolean) => (
  <StrictMode>
    <BrowserRouter>
      <AppRoot startSignedOut={hydrating} />
    </BrowserRouter>
  </StrictMode>
);

/**
 * The server pre-renders the public pages as an anonymous visitor sees them, in a container before #root
 * (docs/decisions/0083-prerendering-public-pages.md). That markup is hydrated only when the app's first render would
 * make the same: it is for this path, and this visitor starts signed out ("/" shows a signed-in user the
 * dashboard, and every page's navigation shows Logout). Otherwise it is removed and the app renders into #root.
 */
async function start(root: HTMLElement) {
  const prerendered = document.querySelector<HTMLElement>(`[${PRERENDERED_PATH_ATTRIBUTE}]`);
  const prerenderedFor = prerendered?.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  const page =
    prerendered && prerenderedFor === location.pathname && startsSignedOut()
      ? publicPageAt(prerenderedFor)
      : undefined;
  if (prerendered && page) {
    try {
      // The page's chunk first (the server preloads it with the page), so the whole page hydrates in one pass: a
      // lazy page would suspend, and its markup would stay inert until a second pass.
      await preloadPage(page.page);
      // From here on the markup is the app's: the pre-paint script's rule hiding it from a stored session no longer
      // applies.
      prerendered.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
      hydrateRoot(prerendered, app(true));
      return;
    } catch (error) {
      console.warn("Could not load the page's code to hydrate it; rendering it afresh", error);
    }
  }
  prerendered?.remove();
  // A signed-in page, opened with a session the app adopts as it starts: the page's chunk first (src/web/pre-paint/
  // preloads it alongside the entry), so the first render draws the page, rather than the page's loading state and
  // the page a moment later.
  const signedInPage = signedInPageAt(location.pathname);
  if (signedInPage && signedInSessionAtStart()) {
    await preloadPage(signedInPage.page).catch((error: unknown) =>
      console.warn("Could not load the page's code before the first render", error),
    );
  }
  // As a transition, like every navigation after it: React renders the page in slices and lets the browser in
  // between, instead of in one long task that holds off input (a signed-in page is the whole page at once).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app(false)));
}

// A signed-in page's first requests start now, alongside its code rather than after it (src/web/app/route-data).
startRouteData(location.pathname);
void start(document.getElementById("root")!);
