import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CandidatesPage, ProjectCandidate, ProjectSummary } from "@shared/streams";
import { MemoryRouter } from "@/lib/router";
import { columnHeaders } from "../../../testing/table-queries";
import { renderWeb, signedInAs, TestAuth } from "../../../testing/render-web";
import type { AuthContextValue } from "../../lib/auth/auth-context";
import { ThemeProvider } from "../../lib/theme";
import StreamsPage from "./streams-page";

const candidate = (raw_name: string, extra: Partial<ProjectCandidate> = {}): ProjectCandidate => ({
  raw_name,
  alias_count: 1,
  source_apps: ["jira"],
  alias_id: `00000000-0000-4000-8000-${String(raw_name.length).padStart(12, "0")}`,
  ...extra,
});

const project = (name: string, extra: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: `p-${name}`,
  name,
  description: null,
  created_at: "2026-03-07T15:00:00.000Z",
  ...extra,
});

const apiError = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  routes = {
    "GET /api/streams/candidates": () => Response.json({ candidates: [], next_after: null }),
    "GET /api/projects": () => Response.json({ projects: [] }),
  };
  fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const handler = routes[`${init.method ?? "GET"} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${init.method ?? "GET"} ${url.pathname}`);
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const calls = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? "GET") === method && new URL(input, "http://localhost").pathname === path,
    )
    .map(([input, init]) => [input, init ?? {}] as const);

function renderPage(auth = signedInAs("ada@acme.com")) {
  const user = userEvent.setup();
  renderWeb(<StreamsPage />, { route: "/projects", auth });
  return user;
}

const candidatesTable = () => screen.getByRole("table", { name: "PulseMap Candidates" });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

async function openActions(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole("button", { name: `Actions for ${name}` }));
  return screen.findByRole("menu");
}

describe("Streams page", () => {
  it("shows the heading, the line and the two tabs with New Items selected", async () => {
    renderPage();
    expect(document.title).toBe("Streams · Pulse");
    expect(screen.getByRole("heading", { level: 1, name: "Streams" })).toBeInTheDocument();
    expect(screen.getByText("Here's what we've found in your apps...")).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist", { name: "Streams" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["New Items", "Existing PulseMaps"]);
    expect(screen.getByRole("tab", { name: "New Items" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("PulseMap Candidates")).toBeInTheDocument();
    expect(screen.getByText("Review and create PulseMaps from discovered Streams")).toBeInTheDocument();
    expect(columnHeaders(candidatesTable())).toEqual(["Stream Name", "Candidates", "Source Apps", "Actions"]);
    expect(await screen.findByText("No project candidates found")).toBeInTheDocument();
  });

  it("says it is loading until the candidates arrive, sending the access token", async () => {
    let answer!: (r: Response) => void;
    routes["GET /api/streams/candidates"] = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    expect(await screen.findByRole("status")).toHaveTextContent("Loading PulseMap candidates...");
    answer(Response.json({ candidates: [candidate("Website relaunch")], next_after: null }));
    expect(await screen.findByText("Website relaunch")).toBeInTheDocument();
    expect(screen.queryByText("Loading PulseMap candidates...")).toBeNull();
    const [, init] = calls("GET", "/api/streams/candidates")[0]!;
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer a");
  });

  it("shows a load failure with the server's message", async () => {
    routes["GET /api/streams/candidates"] = () => apiError(500, "internal", "The database is unavailable.");
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error loading project candidates: The database is unavailable.",
    );
  });

  it("lists each candidate with its name, count and source apps as named icons or plain text", async () => {
    routes["GET /api/streams/candidates"] = () =>
      Response.json({
        candidates: [
          candidate("", { alias_count: 2, source_apps: ["asana", "google_meet_gemini"] }),
          candidate("Launch", {
            alias_count: 5,
            source_apps: ["gmail", "jira", "slack", "zoom", "basecamp"],
          }),
          // SPEC §3: source_apps may be a single value.
          candidate("Solo", { source_apps: "slack" as unknown as string[] }),
        ],
        next_after: null,
      } satisfies CandidatesPage);
    renderPage();
    await screen.findByText("Launch");
    const [untitled, launch, solo] = bodyRows(candidatesTable());
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell");
    expect(cells(untitled!)[0]).toHaveTextContent("Untitled Project");
    expect(cells(untitled!)[1]).toHaveTextContent("2");
    const names = (row: HTMLElement) =>
      within(cells(row)[2]!)
        .getAllByRole("img")
        .map((img) => img.getAttribute("aria-label"));
    expect(names(untitled!)).toEqual(["Asana", "Google Meet", "Google Gemini"]);
    expect(names(launch!)).toEqual(["Gmail", "Jira", "Slack", "Zoom"]);
    expect(cells(launch!)[2]).toHaveTextContent("basecamp");
    expect(cells(launch!)[1]).toHaveTextContent("5");
    expect(names(solo!)).toEqual(["Slack"]);
  });

  it("offers Create New PulseMap and a disabled Merge with Existing PulseMap", async () => {
    routes["GET /api/streams/candidates"] = () =>
      Response.json({ candidates: [candidate("Launch")], next_after: null });
    const user = renderPage();
    const menu = await openActions(user, "Launch");
    expect(within(menu).getByRole("menuitem", { name: "Create New PulseMap" })).toBeEnabled();
    expect(within(menu).getByRole("menuitem", { name: "Merge with Existing PulseMap" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("opens a row's menu from the keyboard on its first item, closes it with Escape, and opens it again", async () => {
    routes["GET /api/streams/candidates"] = () =>
      Response.json({ candidates: [candidate("Launch")], next_after: null });
    const user = renderPage();
    const button = await screen.findByRole("button", { name: "Actions for Launch" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    act(() => button.focus());
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Create New PulseMap" })).toHaveFocus(),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    const trigger = screen.getByRole("button", { name: "Actions for Launch" });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("menu")).toBeInTheDocument();
  });

  it("never shows one user's candidates to the next user of the tab, even from the cache", async () => {
    // The auth client shares sessions between tabs: signing in as Carol elsewhere changes this tab's user with
    // no reload, so the query cache Bob's list sits in lives on. Candidates hold each user's own discoveries.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (auth: AuthContextValue) => (
      <ThemeProvider>
        <QueryClientProvider client={client}>
          <TestAuth value={auth}>
            <MemoryRouter initialEntries={["/projects"]}>
              <StreamsPage />
            </MemoryRouter>
          </TestAuth>
        </QueryClientProvider>
      </ThemeProvider>
    );
    routes["GET /api/streams/candidates"] = () =>
      Response.json({ candidates: [candidate("Acquisition talks")], next_after: null });
    const { rerender } = render(page(signedInAs("bob@acme.com")));
    expect(await screen.findByText("Acquisition talks")).toBeInTheDocument();

    routes["GET /api/streams/candidates"] = () => new Promise<Response>(() => undefined);
    const carol = { id: "00000000-0000-4000-8000-000000000002", email: "carol@acme.com" };
    rerender(
      page(
        signedInAs(carol.email, {
          user: carol,
          session: {
            access_token: "c",
            expires_at: 0,
            token_type: "bearer",
            user: carol,
          },
        }),
      ),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Loading PulseMap candidates...");
    expect(screen.queryByText("Acquisition talks")).toBeNull();
    const [, init] = calls("GET", "/api/streams/candidates").at(-1)!;
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer c");
  });

  it("fetches the next screen of candidates from the server's cursor", async () => {
    routes["GET /api/streams/candidates"] = (url) =>
      url.searchParams.get("after") === null
        ? Response.json({ candidates: [candidate("Alpha")], next_after: "Alpha" })
        : Response.json({ candidates: [candidate("Beta", { alias_id: "b" })], next_after: null });
    const user = renderPage();
    await screen.findByText("Alpha");
    await user.click(screen.getByRole("button", { name: "Show more candidates" }));
    expect(await screen.findByText("Beta")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more candidates" })).toBeNull();
    const urls = calls("GET", "/api/streams/candidates").map(([input]) => new URL(input, "http://localhost"));
    expect(urls.map((u) => [u.searchParams.get("limit"), u.searchParams.get("after")])).toEqual([
      ["50", null],
      ["50", "Alpha"],
    ]);
  });
  it("keeps the loaded candidates when the next screen fails to load, and tries again on request", async () => {
    let nextFails = true;
    let answer!: (r: Response) => void;
    routes["GET /api/streams/candidates"] = (url) => {
      if (url.searchParams.get("after") === null)
        return Response.json({ candidates: [candidate("Alpha")], next_after: "Alpha" });
      if (nextFails) return apiError(500, "internal", "The database is unavailable.");
      return new Promise<Response>((resolve) => (answer = resolve));
    };
    const user = renderPage();
    await screen.findByText("Alpha");
    await user.click(screen.getByRole("button", { name: "Show more candidates" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Error loading project candidates: The database is unavailable\.$/,
    );
    expect(
      bodyRows(candidatesTable()).map((row) => within(row).getAllByRole("cell")[0]!.textContent),
    ).toEqual(["Alpha"]);
    const retry = screen.getByRole("button", { name: "Try again" });
    expect(retry).toHaveAccessibleDescription(
      "Error loading project candidates: The database is unavailable.",
    );
    // The same button, so a keyboard user who pressed "Show more" is still on it.
    expect(retry).toHaveFocus();

    nextFails = false;
    await user.click(retry);
    // Loading again: the error is gone until the answer, and the button, still focused, sends nothing more.
    await waitFor(() => expect(retry).toHaveAttribute("aria-disabled", "true"));
    expect(retry).toHaveFocus();
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(retry);
    answer(Response.json({ candidates: [candidate("Beta", { alias_id: "b" })], next_after: null }));
    expect(await screen.findByText("Beta")).toBeInTheDocument();
    expect(screen.getByText("Alpha")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(
      calls("GET", "/api/streams/candidates").map(([input]) =>
        new URL(input, "http://localhost").searchParams.get("after"),
      ),
    ).toEqual([null, "Alpha", "Alpha"]);
  });

  it("keeps the candidates shown when reloading them on coming back to the tab fails, and tries again", async () => {
    let fails = false;
    routes["GET /api/streams/candidates"] = () =>
      fails
        ? apiError(500, "internal", "The database is unavailable.")
        : Response.json({ candidates: [candidate("Alpha")], next_after: null });
    const user = renderPage();
    await screen.findByText("Alpha");
    fails = true;
    await user.click(screen.getByRole("tab", { name: "Existing PulseMaps" }));
    await user.click(screen.getByRole("tab", { name: "New Items" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Error loading project candidates: The database is unavailable\.$/,
    );
    expect(within(candidatesTable()).getByText("Alpha")).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(within(candidatesTable()).getByText("Alpha")).toBeInTheDocument();
    expect(calls("GET", "/api/streams/candidates")).toHaveLength(3);
  });
});

describe("Create New PulseMap", () => {
  beforeEach(() => {
    routes["GET /api/streams/candidates"] = () =>
      Response.json({ candidates: [candidate("Launch")], next_after: null });
  });

  async function create(user: ReturnType<typeof userEvent.setup>) {
    const menu = await openActions(user, "Launch");
    await user.click(within(menu).getByRole("menuitem", { name: "Create New PulseMap" }));
  }

  it("creates the PulseMap from the candidate's alias and alerts success without refreshing the lists", async () => {
    routes["POST /api/projects"] = () => Response.json({ project: project("Launch") }, { status: 201 });
    const user = renderPage();
    await create(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Project created successfully!");
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Project created successfully!"));
    const [, init] = calls("POST", "/api/projects")[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ alias_id: candidate("Launch").alias_id });
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer a");
    // SPEC §8: lists are not refreshed — the candidate stays and nothing is fetched again.
    expect(screen.getByText("Launch")).toBeInTheDocument();
    expect(calls("GET", "/api/streams/candidates")).toHaveLength(1);
  });

  it("alerts SPEC's sentence when the user has no profile", async () => {
    routes["POST /api/projects"] = () =>
      apiError(404, "profile_not_found", "Could not find user profile for current user.");
    const user = renderPage();
    await create(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Could not find user profile for current user\.$/,
    );
  });

  it("alerts the failure with the server's message", async () => {
    routes["POST /api/projects"] = () =>
      apiError(409, "project_exists", "A PulseMap already exists for this candidate.");
    const user = renderPage();
    await create(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to create project: A PulseMap already exists for this candidate.",
    );
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        "Failed to create project: A PulseMap already exists for this candidate.",
      ),
    );
  });

  it("sends one request while a creation is under way", async () => {
    let answer!: (r: Response) => void;
    routes["POST /api/projects"] = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = renderPage();
    await create(user);
    const menu = await openActions(user, "Launch");
    expect(within(menu).getByRole("menuitem", { name: "Create New PulseMap" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.keyboard("{Escape}");
    answer(Response.json({ project: project("Launch") }, { status: 201 }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Project created successfully!");
    expect(calls("POST", "/api/projects")).toHaveLength(1);
  });

  it("does nothing without a signed-in user", async () => {
    // A session still held in the cache while the user is gone (signing out): the list is there, creation is not.
    const user = renderPage(signedInAs("ada@acme.com", { user: null }));
    await create(user);
    expect(calls("POST", "/api/projects")).toHaveLength(0);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe("Existing PulseMaps", () => {
  async function openTab() {
    const user = renderPage();
    await user.click(screen.getByRole("tab", { name: "Existing PulseMaps" }));
    return user;
  }

  it("lists PulseMaps with description, mm/dd/yy date and a View PulseMap link to /timeline", async () => {
    routes["GET /api/projects"] = () =>
      Response.json({
        projects: [
          project("Launch", { description: "Ship it", created_at: "2026-03-07T15:00:00.000Z" }),
          project("Quiet", { description: null, created_at: "2025-12-31T12:00:00.000Z" }),
        ],
      });
    await openTab();
    expect(screen.getByText("View and manage your current PulseMaps")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Existing PulseMaps" });
    await within(table).findByText("Launch");
    expect(columnHeaders(table)).toEqual(["PulseMap Name", "Description", "Created", "Actions"]);
    const rows = bodyRows(table).map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 3)
        .map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ["Launch", "Ship it", "03/07/26"],
      ["Quiet", "No description", "12/31/25"],
    ]);
    const links = within(table).getAllByRole("link", { name: "View PulseMap" });
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/timeline", "/timeline"]);
  });

  it("shows a PulseMap stored with a blank name as Untitled Project", async () => {
    routes["GET /api/projects"] = () =>
      Response.json({ projects: [project(""), project("   ", { id: "p-blank" }), project("Launch")] });
    await openTab();
    const table = await screen.findByRole("table", { name: "Existing PulseMaps" });
    await within(table).findByText("Launch");
    expect(bodyRows(table).map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual([
      "Untitled Project",
      "Untitled Project",
      "Launch",
    ]);
  });

  it("says it is loading, then that there are none", async () => {
    let answer!: (r: Response) => void;
    routes["GET /api/projects"] = () => new Promise<Response>((resolve) => (answer = resolve));
    await openTab();
    expect(await screen.findByRole("status")).toHaveTextContent("Loading projects...");
    answer(Response.json({ projects: [] }));
    expect(await screen.findByText("No PulseMaps found")).toBeInTheDocument();
  });

  it("logs a load failure and shows nothing in the card, leaving the rest of the page working", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    routes["GET /api/projects"] = () => apiError(500, "internal", "Something broke.");
    routes["GET /api/streams/candidates"] = () =>
      Response.json({ candidates: [candidate("Launch")], next_after: null });
    const user = await openTab();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole("table", { name: "Existing PulseMaps" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/Something broke/)).toBeNull();
    await user.click(screen.getByRole("tab", { name: "New Items" }));
    expect(await screen.findByText("Launch")).toBeInTheDocument();
    logged.mockRestore();
  });
});
