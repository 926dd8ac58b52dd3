import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, type ReactNode } from "react";

let pageClient: QueryClient | undefined;

/**
 * The page's one data cache, shared by every part of the app that queries. Made on first use, so the query library
 * loads with the first page that needs it (the signed-in pages, the contact form) and not with every page's first
 * download (docs/decisions/0003-web-bundle-budget.md).
 */
export function appQueryClient(): QueryClient {
  pageClient ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  return pageClient;
}

/**
 * Gives `children` the data cache: the one a surrounding QueryClientProvider gives (a test's own), or else the
 * page's. Every page or lazily loaded part that queries renders inside one; the cache outlives them, so a page
 * visited again finds its data.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const surrounding = useContext(QueryClientContext);
  if (surrounding) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
