import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteObject } from "./lib/router";
import { ProtectedRoute } from "./app/guards/protected-route";
import { RootGate } from "./app/guards/root-gate";
import { SiteLayout } from "./app/layout/site-layout";
import { PageBoundary } from "./app/page-boundary";
import { ROUTE_TABLE, signedInRootPage, type PageModule } from "./route-table";

// Every page module as a lazy loader, so each page is its own chunk (public pages never download the signed-in
// area's code) and route-table.ts can name pages by path instead of importing them.
const pageLoaders = import.meta.glob<{ default: ComponentType }>("./features/**/*-page.tsx");

const lazyPages = new Map<PageModule, LazyExoticComponent<ComponentType>>();
/** Pages loaded before the first render (preloadPage): they render at once, without suspending. */
const preloadedPages = new Map<PageModule, ComponentType>();

function loaderOf(module: PageModule) {
  const load = pageLoaders[`./${module}`];
  if (!load) throw new Error(`route-table.ts names ${module}, which is not a page module under src/web`);
  return load;
}

function lazyPage(module: PageModule): LazyExoticComponent<ComponentType> {
  let Page = lazyPages.get(module);
  if (!Page) {
    Page = lazy(loaderOf(module));
    lazyPages.set(module, Page);
  }
  return Page;
}

/**
 * Loads a page's module so that it renders without suspending. The server's pre-render and a browser hydrating
 * that markup call it before their first render: a lazy page would suspend even with its code at hand, and React
 * would render the loading state on the server, or throw the server's markup away in the browser. Call it before
 * the first render only: a page must not change from lazy to preloaded while it is on screen (it would remount).
 */
export async function preloadPage(module: PageModule): Promise<void> {
  preloadedPages.set(module, (await loaderOf(module)()).default);
}

function RoutedPage({ module }: { module: PageModule }) {
  const Page = preloadedPages.get(module) ?? lazyPage(module);
  return <Page />;
}

/** The routed element of a page: its own error boundary and loading state around the lazily loaded module. */
function page(module: PageModule) {
  loaderOf(module); // A module the table names wrongly fails here, when the routes are built, not on a visit.
  return (
    <PageBoundary>
      <RoutedPage module={module} />
    </PageBoundary>
  );
}

/** SPEC §2 route table (route-table.ts) as router routes. */
export const routes: RouteObject[] = [
  {
    path: ROUTE_TABLE.root.path,
    element: (
      <RootGate anonymousPage={page(ROUTE_TABLE.root.anonymous)} signedInPage={page(signedInRootPage())} />
    ),
  },
  {
    element: <SiteLayout variant="public" />,
    children: [
      ...ROUTE_TABLE.public.map((r) => ({ path: r.path, element: page(r.page) })),
      { path: "*", element: page(ROUTE_TABLE.notFound) },
    ],
  },
  {
    // The guard is the layout route: every protected route is guarded, and it picks the navigation around the
    // access-denied screen.
    element: <ProtectedRoute />,
    children: ROUTE_TABLE.protected.map((r) => ({ path: r.path, element: page(r.page) })),
  },
];
