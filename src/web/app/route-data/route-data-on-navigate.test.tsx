import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense, type ComponentType } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { candidatesPath } from "@/features/streams/candidates-path";
import { dropEarlyAnswers } from "@/lib/early-answers";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { setPublicConfigForTests } from "@/lib/public-config";
import { Link, Outlet } from "@/lib/router";
import { deferred, stubFetch } from "../../../testing/fake-fetch";
import { renderWeb } from "../../../testing/render-web";
import { RouteDataOnNavigate } from "./route-data-on-navigate";

const CANDIDATES = `GET ${candidatesPath(null)}`;

/** The Streams page's code, still on its way. */
const streamsCode = deferred<{ default: ComponentType }>();
const StreamsPage = lazy(() => streamsCode.promise);

/** As the app's layout: one loading boundary kept across its routes, so a navigation keeps the page it leaves. */
function Layout() {
  return (
    <>
      <RouteDataOnNavigate />
      <Link to="/projects">Streams</Link>
      <Link to="/dashboard">Dashboard</Link>
      <Suspense fallback={<p>Loading page</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: "/dashboard", element: <h1>Dashboard</h1> },
      { path: "/projects", element: <StreamsPage /> },
    ],
  },
];

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
  localStorage.setItem(
    storageKeyFor(window.location.origin),
    JSON.stringify({
      access_token: "access-ada",
      token_type: "bearer",
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id: "u-ada", email: "ada@acme.com", hd: "acme.com" },
    }),
  );
  dropEarlyAnswers();
  api = stubFetch({ [CANDIDATES]: () => ({ body: { candidates: [], next_after: null } }) });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  setPublicConfigForTests(undefined);
});

it("starts a page's data as the navigation begins, while its code is still loading", async () => {
  const user = userEvent.setup();
  renderWeb(routes, { route: "/dashboard" });
  await user.click(screen.getByRole("link", { name: "Streams" }));
  // The navigation waits for the page's code, the dashboard still showing; its data is on its way already.
  expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  expect(api.callsTo(CANDIDATES)).toHaveLength(1);
});

it("starts nothing for the page it first renders (start-up did), and once per change of path", async () => {
  const user = userEvent.setup();
  renderWeb(routes, { route: "/projects" });
  expect(api.calls).toEqual([]);
  await user.click(screen.getByRole("link", { name: "Dashboard" }));
  await screen.findByRole("heading", { name: "Dashboard" });
  await user.click(screen.getByRole("link", { name: "Dashboard" }));
  expect(api.calls).toEqual([]);
  await user.click(screen.getByRole("link", { name: "Streams" }));
  expect(api.callsTo(CANDIDATES)).toHaveLength(1);
});
