import type { PagePrerenderer } from "../server/platform/web-app/prerender";

/**
 * The web app's pre-render straight from its sources (Vitest compiles them), as the build's bundle does it: server
 * tests check the real pages without building the web app first.
 */
export const prerenderFromSource: PagePrerenderer = async (pathname, config) => {
  const { renderPublicPage } = await import("../web/entry-server");
  return renderPublicPage(pathname, config);
};
