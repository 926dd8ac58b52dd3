/**
 * SPEC §2 route table: the one place a page route is added. It is data only (no React), so that what the router
 * renders (routes.tsx), what the server preloads with each page (the build derives it: scripts/route-preloads.ts),
 * what `npm run size` measures and what `npm run lighthouse` audits all come from this list.
 *
 * A page is named by its module, relative to src/web (the name Vite's manifest gives it); the module's default
 * export is the page. routes.tsx loads it lazily, so every page is its own chunk.
 */
export type PageModule = `features/${string}-page.tsx`;

export interface PageRoute {
  readonly path: string;
  readonly page: PageModule;
}

/** Open to everyone, under the public navigation. */
const PUBLIC_ROUTES = [
  { path: "/auth", page: "features/auth/sign-in-page.tsx" },
  { path: "/product", page: "features/marketing/product-page.tsx" },
  { path: "/technology", page: "features/marketing/technology-page.tsx" },
  { path: "/about", page: "features/marketing/about-page.tsx" },
  { path: "/contact", page: "features/contact/contact-page.tsx" },
  { path: "/terms", page: "features/legal/terms-page.tsx" },
  { path: "/privacy", page: "features/legal/privacy-page.tsx" },
] as const satisfies readonly PageRoute[];

/** Behind the protected wrapper (signed in, company domain), under the signed-in navigation. */
const PROTECTED_ROUTES = [
  { path: "/dashboard", page: "features/workspace/workspace-page.tsx" },
  { path: "/projects", page: "features/streams/streams-page.tsx" },
  { path: "/timeline", page: "features/timeline/timeline-page.tsx" },
  { path: "/settings", page: "features/settings/settings-page.tsx" },
  { path: "/project-manager", page: "features/admin/admin-page.tsx" },
] as const satisfies readonly PageRoute[];

export const ROUTE_TABLE = {
  /**
   * "/" is the root gate: an anonymous visitor sees `anonymous`; a signed-in user of the company domain sees the
   * page of the protected route `signedIn` (named by path, so that page is declared once).
   */
  root: {
    path: "/",
    anonymous: "features/landing/landing-page.tsx",
    signedIn: "/dashboard",
  } satisfies { path: "/"; anonymous: PageModule; signedIn: (typeof PROTECTED_ROUTES)[number]["path"] },
  public: PUBLIC_ROUTES,
  protected: PROTECTED_ROUTES,
  /** Any other path. */
  notFound: "features/not-found/not-found-page.tsx" satisfies PageModule,
} as const;

/** The page a signed-in user of the company domain sees at "/". */
export function signedInRootPage(): PageModule {
  const route = ROUTE_TABLE.protected.find((r) => r.path === ROUTE_TABLE.root.signedIn);
  if (!route) throw new Error(`route-table: ${ROUTE_TABLE.root.signedIn} is not a protected route`);
  return route.page;
}

/**
 * Every page route an anonymous visitor can open, with the page they see there ("/" first): the pages the server
 * preloads and Lighthouse audits.
 */
export function publicPages(): PageRoute[] {
  return [{ path: ROUTE_TABLE.root.path, page: ROUTE_TABLE.root.anonymous }, ...ROUTE_TABLE.public];
}

/**
 * Every page route a signed-in user of the company domain opens with the app's own render: the signed-in area, and
 * "/" with its signed-in page. The server names their chunks in the page, for a browser holding a session to
 * preload (src/web/pre-paint/).
 */
export function signedInPages(): PageRoute[] {
  return [{ path: ROUTE_TABLE.root.path, page: signedInRootPage() }, ...ROUTE_TABLE.protected];
}

/** The page an anonymous visitor sees at `pathname`, when it is one of publicPages(). */
export function publicPageAt(pathname: string): PageRoute | undefined {
  return publicPages().find((p) => p.path === pathname);
}

/** The page a signed-in user of the company domain sees at `pathname`, when it is one of signedInPages(). */
export function signedInPageAt(pathname: string): PageRoute | undefined {
  return signedInPages().find((p) => p.path === pathname);
}
