/**
 * The app's router (docs/decisions/0093-own-router.md): React Router's declarative API as Pulse uses it — static
 * paths, layouts with an outlet, links, redirects and the query — in a small part of its weight.
 */
export type { Location, NavigateOptions } from "./history";
export type { RouteObject } from "./match";
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  StaticRouter,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from "./router";
