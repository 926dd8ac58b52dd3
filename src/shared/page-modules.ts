/**
 * The page module each public route renders (paths relative to src/web, as Vite's manifest names them). The server
 * preloads that module with the page, so it arrives with the entry instead of one round trip later. Kept in step
 * with src/web/routes.tsx and the root gate by src/web/routes.test.ts.
 */
export const PUBLIC_PAGE_MODULES: Readonly<Record<string, string>> = {
  "/": "features/landing/landing-page.tsx",
  "/auth": "features/auth/sign-in-page.tsx",
  "/product": "features/marketing/product-page.tsx",
  "/technology": "features/marketing/technology-page.tsx",
  "/about": "features/marketing/about-page.tsx",
  "/contact": "features/contact/contact-page.tsx",
  "/terms": "features/legal/terms-page.tsx",
  "/privacy": "features/legal/privacy-page.tsx",
};
