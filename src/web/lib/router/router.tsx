import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from "react";
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  pathText,
  resolvePath,
  type History,
  type Location,
  type NavigateOptions,
} from "./history";
import { matchRoutes, type RouteObject } from "./match";

type NavigateFunction = (to: string, options?: NavigateOptions) => void;
type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
/** What the innermost layout's <Outlet /> shows: the route inside it. */
const OutletContext = createContext<ReactNode>(null);

/**
 * Renders `children` at the history's location and follows its navigations. Each one renders as a transition, so
 * the page on screen stays until the next page's code has arrived, instead of giving way to a loading state.
 */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => history.listen((next) => startTransition(() => setLocation(next))), [history]);
  const navigate = useCallback<NavigateFunction>((to, options) => history.navigate(to, options), [history]);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

/** For tests: a history of `initialEntries` in memory, at the last of them. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** The server's pre-render at `location`. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [history] = useState(() => createStaticHistory(location));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error("A link or route is rendered outside a Router");
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The query of the address, and a way to replace it (the path stays; the fragment goes). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) =>
      navigate(`?${new URLSearchParams(next).toString()}`, options),
    [navigate],
  );
  return [params, setParams];
}

/** Navigates once mounted (a redirect); renders nothing. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/** The element of the routes that match the location: the page inside its layouts. */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matched = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  return matched?.reduceRight<ReactNode>(
    (inside, route) => <OutletContext value={inside}>{route.element ?? <Outlet />}</OutletContext>,
    null,
  );
}

/** Where a layout shows the route inside it. */
export function Outlet() {
  return use(OutletContext);
}

type LinkProps = Omit<ComponentProps<"a">, "href"> & { to: string } & NavigateOptions;

/**
 * A plain link to `to` (it works before the app's code runs, opens in a new tab, shows its target) that the app
 * follows itself on a plain click. Following the link to the page already shown replaces the history entry.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = pathText(resolvePath(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === pathText(location), state });
  };
  return <a {...anchor} href={href} onClick={follow} />;
}

/** A click the browser would follow in this tab: the main button, no modifier, no other target. */
function isPlainClick(event: MouseEvent, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === "_self") && !modified;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only at exactly `to`, not also below it. */
  end?: boolean;
};

/** A Link that knows whether it leads to the page shown (or one below it), and says so (aria-current="page"). */
export function NavLink({ className, end = false, ...link }: NavLinkProps) {
  const { location } = useRouter();
  const isActive = isActivePath(resolvePath(link.to, location).pathname, location.pathname, end);
  return (
    <Link
      {...link}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

function isActivePath(to: string, at: string, end: boolean): boolean {
  const target = to.toLowerCase();
  const current = at.toLowerCase();
  if (current === target) return true;
  // "/x" is active below itself too ("/x/y"); "/" only at "/".
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return !end && current.startsWith(target) && current.charAt(slash) === "/";
}
