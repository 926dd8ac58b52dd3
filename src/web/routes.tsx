import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteObject } from "react-router";
import { ProtectedRoute } from "./app/guards/protected-route";
import { RootGate } from "./app/guards/root-gate";
import { SiteLayout } from "./app/layout/site-layout";
import { PageBoundary } from "./app/page-boundary";

type Page = LazyExoticComponent<ComponentType>;

const page = (Component: Page) => (
  <PageBoundary>
    <Component />
  </PageBoundary>
);
const protectedPage = (Component: Page) => <ProtectedRoute>{page(Component)}</ProtectedRoute>;

// Each page is its own chunk: public pages never download the signed-in area's code.
const SignInPage = lazy(() => import("./features/auth/sign-in-page"));
const ProductPage = lazy(() => import("./features/marketing/product-page"));
const TechnologyPage = lazy(() => import("./features/marketing/technology-page"));
const AboutPage = lazy(() => import("./features/marketing/about-page"));
const ContactPage = lazy(() => import("./features/contact/contact-page"));
const TermsPage = lazy(() => import("./features/legal/terms-page"));
const PrivacyPage = lazy(() => import("./features/legal/privacy-page"));
const NotFoundPage = lazy(() => import("./features/not-found/not-found-page"));
const ConsolePage = lazy(() => import("./features/workspace/workspace-page"));
const StreamsPage = lazy(() => import("./features/streams/streams-page"));
const TimelinePage = lazy(() => import("./features/timeline/timeline-page"));
const SettingsPage = lazy(() => import("./features/settings/settings-page"));
const AdminPage = lazy(() => import("./features/admin/admin-page"));

/** SPEC §2 route table, in one place. */
export const routes: RouteObject[] = [
  { path: "/", element: <RootGate /> },
  {
    element: <SiteLayout variant="public" />,
    children: [
      { path: "/auth", element: page(SignInPage) },
      { path: "/product", element: page(ProductPage) },
      { path: "/technology", element: page(TechnologyPage) },
      { path: "/about", element: page(AboutPage) },
      { path: "/contact", element: page(ContactPage) },
      { path: "/terms", element: page(TermsPage) },
      { path: "/privacy", element: page(PrivacyPage) },
      { path: "*", element: page(NotFoundPage) },
    ],
  },
  {
    element: <SiteLayout variant="app" />,
    children: [
      { path: "/dashboard", element: protectedPage(ConsolePage) },
      { path: "/projects", element: protectedPage(StreamsPage) },
      { path: "/timeline", element: protectedPage(TimelinePage) },
      { path: "/settings", element: protectedPage(SettingsPage) },
      { path: "/project-manager", element: protectedPage(AdminPage) },
    ],
  },
];
