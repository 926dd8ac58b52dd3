import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { deferred } from "../../../testing/fake-fetch";
import { createBrowserHistory, createMemoryHistory, type History } from "./history";
import { matchRoutes, type RouteObject } from "./match";
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Router,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from "./router";

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="where">{pathname + search + hash}</output>;
}

/** A layout that counts what happens to it: its state survives a navigation only if React kept it mounted. */
function Layout({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <section aria-label={name}>
      <button onClick={() => setClicks((n) => n + 1)}>{`${name} clicked ${clicks}`}</button>
      <Outlet />
    </section>
  );
}

// Two layouts of their own types, as the app's public and signed-in layouts are: React tells them apart.
const PublicLayout = () => <Layout name="Public" />;
const SignedInLayout = () => <Layout name="Signed in" />;

const routes: RouteObject[] = [
  { path: "/", element: <h1>Home</h1> },
  {
    element: <PublicLayout />,
    children: [
      { path: "*", element: <h1>Not found</h1> },
      { path: "/product", element: <h1>Product</h1> },
      { path: "/about", element: <h1>About</h1> },
    ],
  },
  { element: <SignedInLayout />, children: [{ path: "/dashboard", element: <h1>Dashboard</h1> }] },
];

function Pages({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table);
}

function renderAt(history: History, ui: ReactNode = <Pages />) {
  return render(
    <Router history={history}>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/product">Product</Link>
        <Link to="/about">About</Link>
        <Link to="/dashboard">Dashboard</Link>
      </nav>
      <Where />
      {ui}
    </Router>,
  );
}

const heading = () => screen.getByRole("heading").textContent;
const where = () => screen.getByRole("status", { name: "where" }).textContent;

describe("routes", () => {
  it("renders the page at the path inside its layout, and any other path as the '*' page", () => {
    renderAt(createMemoryHistory(["/product"]));
    expect(heading()).toBe("Product");
    expect(screen.getByRole("region", { name: "Public" })).toContainElement(screen.getByRole("heading"));
  });

  it.each([
    ["/PRODUCT", "Product"],
    ["/product/", "Product"],
    ["/pr%6Fduct", "Product"],
    ["/product/more", "Not found"],
    ["/nowhere", "Not found"],
    ["/", "Home"],
  ])("matches %s as %s: a static path wins over '*' wherever each is listed", (path, page) => {
    renderAt(createMemoryHistory([path]));
    expect(heading()).toBe(page);
  });

  it("keeps a layout mounted between its own pages and mounts another layout's afresh", async () => {
    const user = userEvent.setup();
    renderAt(createMemoryHistory(["/product"]));
    await user.click(screen.getByRole("button", { name: "Public clicked 0" }));
    await user.click(screen.getByRole("link", { name: "About" }));
    expect(heading()).toBe("About");
    expect(screen.getByRole("button", { name: "Public clicked 1" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    await user.click(screen.getByRole("link", { name: "Product" }));
    expect(screen.getByRole("button", { name: "Public clicked 0" })).toBeInTheDocument();
  });

  it("refuses a path it cannot match as written, instead of never matching it", () => {
    expect(() => matchRoutes([{ path: "/projects/:id" }], "/projects/1")).toThrow(
      /"\/projects\/:id" is not an absolute static path/,
    );
    expect(() => matchRoutes([{ path: "product" }], "/product")).toThrow(/not an absolute static path/);
    expect(() => matchRoutes([{ path: "/a", children: [{ path: "/a/b" }] }], "/a/b")).toThrow(
      /"\/a" has child routes/,
    );
  });

  it("keeps the page on screen while the next page's code arrives, without showing the loading state", async () => {
    const user = userEvent.setup();
    const code = deferred<{ default: ComponentType }>();
    const Slow = lazy(() => code.promise);
    const table = [
      {
        element: (
          <Suspense fallback={<p>Loading page</p>}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: "/product", element: <h1>Product</h1> },
          { path: "/about", element: <Slow /> },
        ],
      },
    ];
    renderAt(createMemoryHistory(["/product"]), <Pages table={table} />);
    await user.click(screen.getByRole("link", { name: "About" }));
    expect(heading()).toBe("Product");
    expect(screen.queryByText("Loading page")).not.toBeInTheDocument();
    await act(async () => code.resolve({ default: () => <h1>About</h1> }));
    expect(heading()).toBe("About");
  });
});

describe("Link", () => {
  it("is a plain link to its path that a plain click follows in the app", async () => {
    const user = userEvent.setup();
    const history = createMemoryHistory(["/"]);
    renderAt(history);
    const link = screen.getByRole("link", { name: "Product" });
    expect(link).toHaveAttribute("href", "/product");
    await user.click(link);
    expect(heading()).toBe("Product");
    expect(where()).toBe("/product");
  });

  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Meta", { metaKey: true }],
    ["Shift", { shiftKey: true }],
    ["Alt", { altKey: true }],
    ["the middle button", { button: 1 }],
  ])("leaves a click with %s to the browser (a new tab or window)", (_, init) => {
    renderAt(createMemoryHistory(["/"]));
    const followed = fireEvent.click(screen.getByRole("link", { name: "Product" }), init);
    expect(followed).toBe(true); // not prevented: the browser does what it does with such a click
    expect(where()).toBe("/");
  });

  it("leaves a link with another target to the browser, and one whose own handler prevents it alone", () => {
    render(
      <Router history={createMemoryHistory(["/"])}>
        <Link to="/product" target="_blank">
          New tab
        </Link>
        <Link to="/about" onClick={(event) => event.preventDefault()}>
          Handled
        </Link>
        <Where />
      </Router>,
    );
    expect(fireEvent.click(screen.getByRole("link", { name: "New tab" }))).toBe(true);
    fireEvent.click(screen.getByRole("link", { name: "Handled" }));
    expect(where()).toBe("/");
  });

  it("adds a history entry for a new page, and replaces the entry when it leads to the page shown", async () => {
    const user = userEvent.setup();
    const history = createMemoryHistory(["/"]);
    renderAt(history);
    await user.click(screen.getByRole("link", { name: "Product" }));
    await user.click(screen.getByRole("link", { name: "Product" }));
    act(() => history.back());
    expect(where()).toBe("/");
  });

  it("resolves a query or fragment against the page it is on", () => {
    render(
      <Router history={createMemoryHistory(["/product?x=1"])}>
        <Link to="?tab=2">Query</Link>
        <Link to="#pricing">Fragment</Link>
      </Router>,
    );
    expect(screen.getByRole("link", { name: "Query" })).toHaveAttribute("href", "/product?tab=2");
    expect(screen.getByRole("link", { name: "Fragment" })).toHaveAttribute("href", "/product?x=1#pricing");
  });
});

describe("NavLink", () => {
  function Nav() {
    return (
      <nav>
        {["/", "/projects", "/timeline"].map((to) => (
          <NavLink key={to} to={to} className={({ isActive }) => (isActive ? "on" : "off")}>
            {to}
          </NavLink>
        ))}
      </nav>
    );
  }

  it.each([
    ["/projects", ["/projects"]],
    ["/projects/", ["/projects"]],
    ["/Projects/archive", ["/projects"]],
    ["/", ["/"]],
    ["/projectsx", []],
  ])("at %s marks %j as the current page", (at, current) => {
    render(
      <Router history={createMemoryHistory([at])}>
        <Nav />
      </Router>,
    );
    for (const link of screen.getAllByRole("link")) {
      const isCurrent = current.includes(link.textContent!);
      expect(link).toHaveAttribute("class", isCurrent ? "on" : "off");
      if (isCurrent) expect(link).toHaveAttribute("aria-current", "page");
      else expect(link).not.toHaveAttribute("aria-current");
    }
  });
});

describe("navigation from code", () => {
  it("Navigate redirects in place of the entry it is rendered at", () => {
    const history = createMemoryHistory(["/", "/old"]);
    render(
      <Router history={history}>
        <Where />
        <Pages
          table={[
            { path: "/old", element: <Navigate to="/new" replace /> },
            { path: "*", element: null },
          ]}
        />
      </Router>,
    );
    expect(where()).toBe("/new");
    act(() => history.back());
    expect(where()).toBe("/");
  });

  it("useNavigate goes to a path, with the state it is given", async () => {
    const user = userEvent.setup();
    function Go() {
      const navigate = useNavigate();
      const { state } = useLocation();
      return (
        <button onClick={() => navigate("/dashboard", { state: { from: "test" } })}>
          {JSON.stringify(state)}
        </button>
      );
    }
    render(
      <Router history={createMemoryHistory(["/"])}>
        <Where />
        <Go />
      </Router>,
    );
    await user.click(screen.getByRole("button"));
    expect(where()).toBe("/dashboard");
    expect(screen.getByRole("button")).toHaveTextContent('{"from":"test"}');
  });

  it("useSearchParams reads the query and replaces it, keeping the path", async () => {
    const user = userEvent.setup();
    function Query() {
      const [params, setParams] = useSearchParams();
      return (
        <button onClick={() => setParams({}, { replace: true })}>{params.get("error") ?? "none"}</button>
      );
    }
    const history = createMemoryHistory(["/", "/auth?error=denied#x"]);
    render(
      <Router history={history}>
        <Where />
        <Query />
      </Router>,
    );
    await user.click(screen.getByRole("button", { name: "denied" }));
    expect(where()).toBe("/auth");
    expect(screen.getByRole("button", { name: "none" })).toBeInTheDocument();
    act(() => history.back());
    expect(where()).toBe("/");
  });
});

describe("the browser's history", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("writes each entry's key and state, and follows Back to the entry as it was", () => {
    window.history.replaceState(null, "", "/start");
    const history = createBrowserHistory(window);
    const seen: string[] = [];
    const stop = history.listen((location) => seen.push(`${location.pathname} ${location.key}`));
    expect(history.location).toMatchObject({ pathname: "/start", key: "default", state: null });

    history.navigate("/product?x=1#top", { state: { from: "start" } });
    const pushed = history.location;
    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/product?x=1#top");
    expect(pushed).toMatchObject({
      pathname: "/product",
      search: "?x=1",
      hash: "#top",
      state: { from: "start" },
    });
    expect(pushed.key).not.toBe("default");

    // Back, as the browser reports it: the address and the entry's state change, then popstate.
    window.history.replaceState(null, "", "/start");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(seen).toEqual([`/product ${pushed.key}`, "/start default"]);

    stop();
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(seen).toHaveLength(2);
  });

  it("reads the address afresh when other code rewrote it", () => {
    const history = createBrowserHistory(window);
    window.history.replaceState(window.history.state, "", "/auth");
    expect(history.location.pathname).toBe("/auth");
  });
});
