import { useRoutes } from "./lib/router";
import { AppProviders } from "./app/providers";
import { RouteDataOnNavigate } from "./app/route-data/route-data-on-navigate";
import { routes } from "./routes";

function Pages() {
  return useRoutes(routes);
}

/**
 * The whole app inside whichever router the caller gives it: the browser's (main.tsx) and the server's pre-render
 * (entry-server.tsx) render this same tree, so hydration finds the markup it would have made.
 */
export function AppRoot({ startSignedOut = false }: { startSignedOut?: boolean }) {
  return (
    <AppProviders startSignedOut={startSignedOut}>
      <RouteDataOnNavigate />
      <Pages />
    </AppProviders>
  );
}
