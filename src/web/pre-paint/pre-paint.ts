import { isAuthorisedUser } from "@shared/auth-access";
import { EARLY_GETS_GLOBAL, type EarlyGet } from "@/app/route-data/early-gets";
import { startingSession, storageKeyFor } from "@/lib/auth/stored-session";
import { applyTheme, DARK_QUERY, readStoredTheme, resolveTheme } from "@/lib/theme-choice";

// What runs before the page's first paint (docs/decisions/0083-prerendering-public-pages.md). The build bundles
// ./entry.ts into one classic script (scripts/build-plan/pre-paint.ts) and the server writes it into every page,
// allowed by its hash in the CSP. Every rule here is the app's own, imported: this script must never decide
// differently from the app it prepares for. Only rules without React or the API client may be imported, so it stays
// small enough to inline; the build fails when it grows past its budget.

/** The data-* attributes the server writes on the script element (src/server/platform/web-app/inline-script.ts). */
type ScriptData = DOMStringMap;

/**
 * The visitor's stored theme, so someone who chose light does not see the dark default flash while the app's code
 * loads. The ThemeProvider keeps it from then on.
 */
export function applyStoredTheme(win: Window): void {
  const theme = readStoredTheme(() => win.localStorage);
  const systemDark = theme === "system" && win.matchMedia(DARK_QUERY).matches;
  applyTheme(win.document.documentElement, resolveTheme(theme, systemDark));
}

/**
 * A visitor with a stored session gets the app's own render, not the anonymous pre-rendered markup (src/web/main.tsx),
 * so that markup is hidden now rather than shown for a moment (`data-stored-session`, read by the stylesheet).
 *
 * The app draws a signed-in user's page itself, after its entry and then the page's chunks have loaded. The server
 * names those chunks on this script (never as preloads: a visitor without a session is sent to /auth), and with a
 * stored session they are preloaded now, alongside the entry instead of after it.
 *
 * The server also names the page's first GETs (src/web/app/route-data/route-data-paths.ts). They are sent now, while
 * the page is parsed, and left for the app to take (src/web/app/route-data/early-gets.ts), only when the app will
 * start on this page with this session as it is (`startingSession`) and let this user in (`isAuthorisedUser`, with
 * the company domain and hosted-domain rule the server names here): a request the app would not make would only
 * meet a refusal.
 */
export function startSignedInPage(win: Window, data: ScriptData): void {
  let stored: string | null;
  try {
    stored = win.localStorage.getItem(storageKeyFor(win.location.origin));
  } catch {
    // Storage blocked: no session can be adopted either.
    return;
  }
  if (stored === null) return;
  const doc = win.document;
  doc.documentElement.setAttribute("data-stored-session", "");
  for (const href of (data.sessionPreloads ?? "").split(" ").filter(Boolean)) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    doc.head.append(link);
  }

  const gets = (data.sessionGets ?? "").split(" ").filter(Boolean);
  const companyDomain = data.companyDomain ?? "";
  if (gets.length === 0 || !companyDomain) return;
  const session = startingSession(win);
  if (!session || !isAuthorisedUser(session.user, companyDomain, "requireHostedDomain" in data)) return;
  const accessToken = session.access_token;
  const sent: EarlyGet[] = gets.map((path) => ({
    path,
    accessToken,
    response: win
      .fetch(path, { headers: { accept: "application/json", authorization: `Bearer ${accessToken}` } })
      .catch(() => null),
  }));
  (win as unknown as Record<string, unknown>)[EARLY_GETS_GLOBAL] = sent;
}

/**
 * A pre-rendered page paints without the app's code, which only makes it interactive: the server leaves the entry
 * script and the preloads of the page's chunks inert (a type and a rel the browser ignores), and they are fetched
 * here once the page has painted, so on a slow connection the first paint does not share the bandwidth with them.
 */
export function fetchAppCodeAfterPaint(win: Window, data: ScriptData): void {
  const doc = win.document;
  const fetchAppCode = (withPageImports: boolean) => {
    if (withPageImports) {
      for (const inert of doc.querySelectorAll('link[rel="pulse-after-paint"]')) {
        const link = doc.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = inert.getAttribute("href") ?? "";
        doc.head.append(link);
      }
    }
    for (const inert of doc.querySelectorAll('script[type="pulse-after-paint"]')) {
      const entry = doc.createElement("script");
      entry.type = "module";
      entry.crossOrigin = "";
      entry.src = inert.getAttribute("src") ?? "";
      doc.head.append(entry);
    }
  };
  let fetched = false;
  const fetchOnce = (withPageImports: boolean) => {
    if (fetched) return;
    fetched = true;
    fetchAppCode(withPageImports);
  };
  const afterFirstPaint = () => {
    // With a stored session the pre-rendered markup stays hidden and the app draws the page: nothing paints before
    // the app's code runs, so waiting for a paint would only wait for the fallback. A page that names its signed-in
    // render's files ("/": the dashboard's, with the entry, already loading) does not need its own.
    if (doc.documentElement.hasAttribute("data-stored-session")) {
      fetchOnce(!data.sessionPreloads);
      return;
    }
    // Once the browser reports the first contentful paint (its time is when the frame was shown, which a slow
    // device reaches well after the frame's rAF), and the whole page parsed (the app renders into it). A page that
    // does not paint (a tab opened in the background) still gets its code after a while.
    try {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        win.setTimeout(() => fetchOnce(true), 0);
      }).observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing in this browser: the fallback below.
    }
    win.setTimeout(() => fetchOnce(true), 3000);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
}
