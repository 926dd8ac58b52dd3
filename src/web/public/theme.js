// Applies the visitor's stored theme to the page before its first paint, so someone who chose light does not see
// the dark default flash while the app's code loads. index.html loads it synchronously in <head>; the server writes
// it into the page in place of that tag (no round trip before the first paint), allowed by its hash in the CSP. It
// follows src/web/lib/theme.tsx (same storage key, same default, "system" follows the OS);
// src/web/lib/theme.test.tsx proves the two agree.
(() => {
  let theme = "dark";
  try {
    const stored = localStorage.getItem("pulse-theme");
    if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
  } catch {
    // Storage blocked (private mode, sandboxed frame): the default stands, as in the app.
  }
  if (theme === "system") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
})();

// The server pre-renders the public pages as an anonymous visitor sees them (docs/decisions/0083). A visitor with a
// stored session gets the app's own render instead (src/web/main.tsx), so that markup (the landing page at "/",
// "Login" in the navigation) is hidden until then rather than shown for a moment. Same key as
// src/web/lib/auth/auth-client.ts `storageKeyFor`.
//
// The app draws a signed-in user's page itself, after its entry and then the page's chunks have loaded. The server
// names those chunks on this script (never as preloads: a visitor without a session is sent to /auth), and with a
// stored session they are preloaded now, alongside the entry instead of after it.
//
// The server also names the page's first GETs (src/web/app/route-data/route-data-paths.ts). They are sent now, while
// the page is parsed, and left in window.__pulseEarlyGets (src/web/app/route-data/early-gets.ts) for the app to
// take, but only when the app will start on this page with this session as it is: the rules of
// src/web/lib/auth/auth-client.ts `startingSession` (no sign-in to finish, more than 90 s left) and of
// src/shared/auth-access.ts `isAuthorisedUser` (the company domain and hosted domain the server names here). A
// request the app would not make would only meet a refusal. src/web/app/route-data/early-gets.test.ts proves the
// script and the app agree.
(() => {
  const script = document.currentScript;
  let stored;
  try {
    stored = localStorage.getItem("pulse-auth-" + location.host);
  } catch {
    // Storage blocked: no session can be adopted either.
    return;
  }
  if (stored === null) return;
  document.documentElement.setAttribute("data-stored-session", "");
  const data = script?.dataset ?? {};
  for (const href of (data.sessionPreloads ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }

  const gets = (data.sessionGets ?? "").split(" ").filter(Boolean);
  if (gets.length === 0 || location.hash.includes("code=")) return;
  let session;
  try {
    session = JSON.parse(stored);
  } catch {
    return;
  }
  const user = session?.user;
  if (
    typeof session?.access_token !== "string" ||
    // A session stored before the refresh token moved into its cookie is dropped at start, never adopted.
    session.refresh_token !== undefined ||
    typeof session.expires_at !== "number" ||
    session.expires_at * 1000 - Date.now() <= 90_000 ||
    typeof user !== "object" ||
    user === null ||
    typeof user.id !== "string" ||
    typeof user.email !== "string"
  )
    return;
  const domain = (data.companyDomain ?? "").toLowerCase();
  if (!domain || !user.email.toLowerCase().endsWith("@" + domain)) return;
  const hostedDomain = user.hd === undefined || user.hd === null || user.hd === "" ? undefined : user.hd;
  if (hostedDomain === undefined ? "requireHostedDomain" in data : hostedDomain !== domain) return;
  const token = session.access_token;
  window.__pulseEarlyGets = gets.map((path) => ({
    path,
    accessToken: token,
    response: fetch(path, {
      headers: { accept: "application/json", authorization: "Bearer " + token },
    }).catch(() => null),
  }));
})();

// A pre-rendered page paints without the app's code, which only makes it interactive: the server leaves the entry
// script and the preloads of the page's chunks inert (a type and a rel the browser ignores),
// and they are fetched here once the page has painted, so on a slow connection the first paint does not share the
// bandwidth with them (docs/decisions/0083).
(() => {
  const script = document.currentScript;
  const fetchAppCode = (withPageImports) => {
    if (withPageImports) {
      for (const inert of document.querySelectorAll('link[rel="pulse-after-paint"]')) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = inert.getAttribute("href");
        document.head.append(link);
      }
    }
    for (const inert of document.querySelectorAll('script[type="pulse-after-paint"]')) {
      const entry = document.createElement("script");
      entry.type = "module";
      entry.crossOrigin = "";
      entry.src = inert.getAttribute("src");
      document.head.append(entry);
    }
  };
  let fetched = false;
  const fetchOnce = (withPageImports) => {
    if (fetched) return;
    fetched = true;
    fetchAppCode(withPageImports);
  };
  const afterFirstPaint = () => {
    // With a stored session the pre-rendered markup stays hidden (above) and the app draws the page: nothing paints
    // before the app's code runs, so waiting for a paint would only wait for the fallback. A page that names its
    // signed-in render's files ("/": the dashboard's, with the entry, already loading) does not need its own.
    if (document.documentElement.hasAttribute("data-stored-session")) {
      fetchOnce(!script?.dataset.sessionPreloads);
      return;
    }
    // Once the browser reports the first contentful paint (its time is when the frame was shown, which a slow
    // device reaches well after the frame's rAF), and the whole page parsed (the app renders into it). A page that
    // does not paint (a tab opened in the background) still gets its code after a while.
    try {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        setTimeout(() => fetchOnce(true), 0);
      }).observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing in this browser: the fallback below.
    }
    setTimeout(() => fetchOnce(true), 3000);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
})();
