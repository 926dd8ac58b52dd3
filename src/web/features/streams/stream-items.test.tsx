import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonnerToast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProjectCandidate, ProjectSummary, StreamItem } from "@shared/streams";
import { Toaster } from "@/components/ui/toaster";
import { formatDay } from "@/lib/format-date";
import { deferred, stubFetch, type FakeAnswer } from "../../../testing/fake-fetch";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import { columnHeaders } from "../../../testing/table-queries";
import StreamsPage from "./streams-page";

const ALIAS = "00000000-0000-4000-8000-00000000000a";
const CANDIDATES = "GET /api/streams/candidates?limit=50";
const ITEMS = `GET /api/streams/candidates/${ALIAS}/items`;
const PROJECT_ITEMS = "GET /api/projects/p-launch/items";
const CORRECTIONS = "POST /api/streams/corrections";

const candidate = (raw_name: string, extra: Partial<ProjectCandidate> = {}): ProjectCandidate => ({
  raw_name,
  alias_count: 3,
  source_apps: ["gmail", "slack", "jira"],
  alias_id: ALIAS,
  ...extra,
});

const item = (id: string, raw_name: string, source_app: string, reason: string): StreamItem => ({
  id,
  external_id: `${source_app}-${id}`,
  source_app,
  raw_name,
  seen_at: "2026-03-07T15:00:00.000Z",
  reason,
});

const MAIL = item("i-mail", "RE: Website relaunch – timeline", "gmail", "same name once 'RE:' is removed");
const CHANNEL = item("i-chan", "#website-relaunch", "slack", "channel name");
const TRACKER = item("i-jira", "WEB – Website Relaunch", "jira", "same name once the key 'WEB' is removed");

const correction = (id: string, item_id: string) => ({
  correction: { id, item_id, created_at: "", created_by: "", undone_at: null },
});

const apiError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { error: { code, message } },
});

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  api = stubFetch({
    [CANDIDATES]: () => ({ body: { candidates: [candidate("Website relaunch")], next_after: null } }),
    "GET /api/projects": () => ({ body: { projects: [] } }),
    [ITEMS]: () => ({ body: { items: [MAIL, CHANNEL, TRACKER] } }),
  });
});
afterEach(() => {
  // sonner shows a new region the toasts still up: each test starts with none.
  act(() => void sonnerToast.dismiss());
  vi.unstubAllGlobals();
  vi.doUnmock("./stream-items-panel");
  vi.resetModules();
});

function renderPage() {
  const user = userEvent.setup();
  renderWeb(
    <>
      <StreamsPage />
      <Toaster />
    </>,
    { route: "/projects", auth: signedInAs("ada@acme.com") },
  );
  return user;
}

const table = (name = "PulseMap Candidates") => screen.getByRole("table", { name });
const bodyRows = (name?: string) => within(table(name)).getAllByRole("row").slice(1);
const disclosure = (name: string) => screen.findByRole("button", { name: `Show items of ${name}` });
const itemsOf = (name: string) => screen.findByRole("group", { name: `Items of ${name}` });
const itemLines = (group: HTMLElement) => within(group).getAllByRole("listitem");
const itemNames = (group: HTMLElement) =>
  itemLines(group).map((line) => line.querySelector("p")!.textContent);
const toasts = () => document.querySelectorAll("[data-sonner-toast]");

async function openItems(user: ReturnType<typeof userEvent.setup>, name = "Website relaunch") {
  await user.click(await disclosure(name));
  const group = await itemsOf(name);
  await within(group).findAllByRole("listitem");
  return group;
}

describe("a candidate's items", () => {
  it("open under the row from the Stream Name, leaving SPEC's columns and cells as they are", async () => {
    const user = renderPage();
    const button = await disclosure("Website relaunch");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).not.toHaveAttribute("aria-controls");
    const [row] = bodyRows();
    // The name cell shows, and is named by, the Stream's name alone.
    expect(within(row!).getAllByRole("cell")[0]).toHaveTextContent(/^Website relaunch$/);
    expect(within(row!).getByRole("cell", { name: "Website relaunch" })).toContainElement(button);
    expect(api.callsTo(ITEMS)).toHaveLength(0);

    await user.click(button);
    const group = await itemsOf("Website relaunch");
    await within(group).findAllByRole("listitem");
    expect(button).toHaveAttribute("aria-expanded", "true");
    const [, itemsRow] = bodyRows();
    expect(button).toHaveAttribute("aria-controls", itemsRow!.id);
    // One cell across the four columns, which are still SPEC's.
    expect(columnHeaders(table())).toEqual(["Stream Name", "Candidates", "Source Apps", "Actions"]);
    expect(within(itemsRow!).getAllByRole("cell")).toHaveLength(1);
    expect(within(itemsRow!).getByRole("cell")).toHaveAttribute("colspan", "4");

    expect(itemNames(group)).toEqual([
      "RE: Website relaunch – timeline",
      "#website-relaunch",
      "WEB – Website Relaunch",
    ]);
    const [mail, channel] = itemLines(group);
    expect(within(mail!).getByRole("img", { name: "Gmail" })).toBeInTheDocument();
    expect(within(mail!).getByText("same name once 'RE:' is removed")).toBeInTheDocument();
    const day = formatDay(new Date(MAIL.seen_at));
    expect(within(mail!).getByText(day)).toHaveAttribute("datetime", MAIL.seen_at);
    expect(within(channel!).getByRole("img", { name: "Slack" })).toBeInTheDocument();
    expect(within(channel!).getByText("channel name")).toBeInTheDocument();
    expect(within(mail!).getByRole("button", { name: "Not this project" })).toHaveAccessibleDescription(
      "RE: Website relaunch – timeline",
    );
    expect(api.callsTo(ITEMS)[0]!.headers.get("authorization")).toBe("Bearer a");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "Items of Website relaunch" })).toBeNull();
    expect(bodyRows()).toHaveLength(1);
  });

  it("open and close from the keyboard, the items following the row in the tab order", async () => {
    const user = renderPage();
    const button = await disclosure("Website relaunch");
    act(() => button.focus());
    await user.keyboard("{Enter}");
    const group = await itemsOf("Website relaunch");
    await within(group).findAllByRole("listitem");
    await user.tab();
    expect(screen.getByRole("button", { name: "Actions for Website relaunch" })).toHaveFocus();
    await user.tab();
    expect(within(itemLines(group)[0]!).getByRole("button", { name: "Not this project" })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
    await user.keyboard(" ");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "Items of Website relaunch" })).toBeNull();
  });

  it("say they are loading, and show a failure with the server's message and a way to try again", async () => {
    const held = deferred<FakeAnswer>();
    api.routes[ITEMS] = () => held.promise;
    const user = renderPage();
    await user.click(await disclosure("Website relaunch"));
    const group = await itemsOf("Website relaunch");
    expect(within(group).getByRole("status")).toHaveTextContent("Loading items...");
    held.resolve(apiError(500, "internal", "The database is unavailable."));
    expect(await within(group).findByRole("alert")).toHaveTextContent(
      /^Error loading items: The database is unavailable\.$/,
    );

    api.routes[ITEMS] = () => ({ body: { items: [MAIL] } });
    await user.click(within(group).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(itemNames(group)).toEqual([MAIL.raw_name]));
    expect(within(group).queryByRole("alert")).toBeNull();
  });

  it("says so when the Stream holds nothing the user may see", async () => {
    api.routes[ITEMS] = () => ({ body: { items: [] } });
    const user = renderPage();
    await user.click(await disclosure("Website relaunch"));
    expect(await within(await itemsOf("Website relaunch")).findByText("No items found")).toBeInTheDocument();
  });

  it("show an empty name as Untitled Project", async () => {
    api.routes[ITEMS] = () => ({ body: { items: [item("i-blank", "", "zoom", "")] } });
    const user = renderPage();
    const group = await openItems(user);
    expect(itemNames(group)).toEqual(["Untitled Project"]);
    expect(within(itemLines(group)[0]!).getByRole("img", { name: "Zoom" })).toBeInTheDocument();
  });
});

describe("Not this project", () => {
  /** The server after the correction: the channel is a Stream of its own. */
  function afterTakingOutTheChannel() {
    api.routes[CANDIDATES] = () => ({
      body: {
        candidates: [
          candidate("#website-relaunch", { alias_id: CHANNEL.id, alias_count: 1, source_apps: ["slack"] }),
          candidate("Website relaunch", { alias_count: 2, source_apps: ["gmail", "jira"] }),
        ],
        next_after: null,
      },
    });
    api.routes[ITEMS] = () => ({ body: { items: [MAIL, TRACKER] } });
  }

  it("takes the item out, refreshes the lists and offers Undo, which puts it back", async () => {
    api.routes[CORRECTIONS] = () => {
      afterTakingOutTheChannel();
      return { status: 201, body: correction("c-1", CHANNEL.id) };
    };
    const user = renderPage();
    const group = await openItems(user);
    await user.click(within(itemLines(group)[1]!).getByRole("button", { name: "Not this project" }));

    await waitFor(() => expect(itemNames(group)).toEqual([MAIL.raw_name, TRACKER.raw_name]));
    expect(api.callsTo(CORRECTIONS).map((c) => c.body)).toEqual([{ item_id: CHANNEL.id }]);
    expect(api.callsTo(CORRECTIONS)[0]!.headers.get("authorization")).toBe("Bearer a");
    // The candidates were read again: the channel is a candidate of its own and the Stream counts two.
    await waitFor(() =>
      expect(bodyRows().map((row) => within(row).queryAllByRole("cell")[1]?.textContent)).toEqual([
        "1",
        "2",
        undefined,
      ]),
    );
    expect(await disclosure("#website-relaunch")).toHaveAttribute("aria-expanded", "false");
    // The pressed button is gone with its item: the focus stays in the list.
    await waitFor(() => expect(group).toHaveFocus());

    const toast = await screen.findByText("Item moved out of this Stream");
    const undo = within(toast.closest("[data-sonner-toast]") as HTMLElement).getByRole("button", {
      name: "Undo",
    });
    api.routes["DELETE /api/streams/corrections/c-1"] = () => {
      api.routes[CANDIDATES] = () => ({
        body: { candidates: [candidate("Website relaunch")], next_after: null },
      });
      api.routes[ITEMS] = () => ({ body: { items: [MAIL, CHANNEL, TRACKER] } });
      return { status: 204 };
    };
    await user.click(undo);
    await waitFor(() =>
      expect(itemNames(group)).toEqual([MAIL.raw_name, CHANNEL.raw_name, TRACKER.raw_name]),
    );
    expect(api.callsTo("DELETE /api/streams/corrections/c-1")[0]!.headers.get("authorization")).toBe(
      "Bearer a",
    );
    expect(await screen.findByText("Item moved back")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Show items of #website-relaunch" })).toBeNull(),
    );
  });

  it("keeps the Stream's row open when its first item, which the candidate is known by, is taken out", async () => {
    const byFirst = (first: StreamItem, count: number, name = "Website relaunch") =>
      candidate(name, { alias_id: first.id, alias_count: count });
    api.routes[CANDIDATES] = () => ({ body: { candidates: [byFirst(MAIL, 3)], next_after: null } });
    api.routes[`GET /api/streams/candidates/${MAIL.id}/items`] = () => ({
      body: { items: [MAIL, CHANNEL, TRACKER] },
    });
    api.routes[`GET /api/streams/candidates/${CHANNEL.id}/items`] = () => ({
      body: { items: [CHANNEL, TRACKER] },
    });
    api.routes[CORRECTIONS] = () => {
      // The mail is a Stream of its own, still known by its id; the Stream goes on under the channel.
      api.routes[CANDIDATES] = () => ({
        body: {
          candidates: [byFirst(MAIL, 1, "Website relaunch timeline"), byFirst(CHANNEL, 2)],
          next_after: null,
        },
      });
      api.routes[`GET /api/streams/candidates/${MAIL.id}/items`] = () => ({ body: { items: [MAIL] } });
      return { status: 201, body: correction("c-4", MAIL.id) };
    };
    const user = renderPage();
    const group = await openItems(user);
    await user.click(within(itemLines(group)[0]!).getByRole("button", { name: "Not this project" }));

    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Show items of Website relaunch timeline" })).toHaveAttribute(
        "aria-expanded",
        "false",
      ),
    );
    expect(await disclosure("Website relaunch")).toHaveAttribute("aria-expanded", "true");
    const stream = await itemsOf("Website relaunch");
    await waitFor(() => expect(itemNames(stream)).toEqual([CHANNEL.raw_name, TRACKER.raw_name]));
    expect(stream).toHaveFocus();
    expect(screen.getAllByRole("group")).toHaveLength(1);
  });

  it("sends one request while it is under way, and says beside the item when it is refused", async () => {
    const held = deferred<FakeAnswer>();
    api.routes[CORRECTIONS] = () => held.promise;
    const user = renderPage();
    const group = await openItems(user);
    const button = within(itemLines(group)[0]!).getByRole("button", { name: "Not this project" });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
    await user.click(button);
    held.resolve(apiError(409, "correction_exists", "This item is already out of that Stream."));

    const refusal = "Could not take the item out: This item is already out of that Stream.";
    expect(await within(group).findByRole("alert")).toHaveTextContent(refusal);
    expect(button).toHaveAccessibleDescription(`${MAIL.raw_name} ${refusal}`);
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).toHaveFocus();
    expect(api.callsTo(CORRECTIONS)).toHaveLength(1);
    expect(itemNames(group)).toEqual([MAIL.raw_name, CHANNEL.raw_name, TRACKER.raw_name]);
    expect(toasts()).toHaveLength(0);
    // Nothing changed, so nothing is read again.
    expect(api.callsTo(ITEMS)).toHaveLength(1);
    expect(api.callsTo(CANDIDATES)).toHaveLength(1);
  });

  it("says so when Undo is refused, and the item stays out", async () => {
    api.routes[CORRECTIONS] = () => {
      afterTakingOutTheChannel();
      return { status: 201, body: correction("c-2", CHANNEL.id) };
    };
    api.routes["DELETE /api/streams/corrections/c-2"] = () =>
      apiError(404, "not_found", "That correction was already undone.");
    const user = renderPage();
    const group = await openItems(user);
    await user.click(within(itemLines(group)[1]!).getByRole("button", { name: "Not this project" }));
    const toast = await screen.findByText("Item moved out of this Stream");
    await user.click(
      within(toast.closest("[data-sonner-toast]") as HTMLElement).getByRole("button", { name: "Undo" }),
    );
    expect(
      await screen.findByText("Could not undo: That correction was already undone."),
    ).toBeInTheDocument();
    expect(itemNames(group)).toEqual([MAIL.raw_name, TRACKER.raw_name]);
  });
});

describe("a PulseMap's items", () => {
  const launch: ProjectSummary = {
    id: "p-launch",
    name: "Website relaunch",
    description: null,
    created_at: "2026-03-07T15:00:00.000Z",
  };

  beforeEach(() => {
    api.routes["GET /api/projects"] = () => ({ body: { projects: [launch] } });
    api.routes[PROJECT_ITEMS] = () => ({ body: { items: [MAIL, CHANNEL] } });
  });

  async function openProjectItems(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole("tab", { name: "Existing PulseMaps" }));
    return openItems(user);
  }

  it("open under the row from the PulseMap Name, leaving SPEC's columns as they are", async () => {
    const user = renderPage();
    const group = await openProjectItems(user);
    expect(columnHeaders(table("Existing PulseMaps"))).toEqual([
      "PulseMap Name",
      "Description",
      "Created",
      "Actions",
    ]);
    const [row, itemsRow] = bodyRows("Existing PulseMaps");
    expect(
      within(row!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Website relaunch", "No description", "03/07/26", "View PulseMap"]);
    expect(within(itemsRow!).getByRole("cell")).toContainElement(group);
    expect(itemNames(group)).toEqual([MAIL.raw_name, CHANNEL.raw_name]);
    expect(api.callsTo(PROJECT_ITEMS)[0]!.headers.get("authorization")).toBe("Bearer a");
  });

  it("sends an item back to New Items with Not this project", async () => {
    api.routes[CORRECTIONS] = () => {
      api.routes[PROJECT_ITEMS] = () => ({ body: { items: [MAIL] } });
      api.routes[CANDIDATES] = () => ({
        body: {
          candidates: [candidate("#website-relaunch", { alias_id: CHANNEL.id, alias_count: 1 })],
          next_after: null,
        },
      });
      return { status: 201, body: correction("c-3", CHANNEL.id) };
    };
    const user = renderPage();
    // New Items was read once, before the correction.
    await disclosure("Website relaunch");
    const group = await openProjectItems(user);
    await user.click(within(itemLines(group)[1]!).getByRole("button", { name: "Not this project" }));
    await waitFor(() => expect(itemNames(group)).toEqual([MAIL.raw_name]));
    expect(api.callsTo(CORRECTIONS).map((c) => c.body)).toEqual([{ item_id: CHANNEL.id }]);
    expect(await screen.findByText("Item sent back to New Items")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "New Items" }));
    expect(await disclosure("#website-relaunch")).toBeInTheDocument();
  });
});

describe("the items' code", () => {
  it("is fetched when a row is first opened; a failed fetch is said, and Try again fetches it again", async () => {
    let fetches = 0;
    // Transformed before any wait starts: on a loaded machine that alone can outlast `findByRole`.
    const actual = await vi.importActual("./stream-items-panel");
    vi.doMock("./stream-items-panel", async () => {
      fetches++;
      if (fetches === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return actual;
    });
    // The page and its providers from the same fresh modules, so that the mock above is the one they import.
    const { default: Page } = await import("./streams-page");
    const web = await import("../../../testing/render-web");
    const user = userEvent.setup();
    web.renderWeb(<Page />, { route: "/projects", auth: web.signedInAs("ada@acme.com") });
    await disclosure("Website relaunch");
    expect(fetches).toBe(0);

    await user.click(await disclosure("Website relaunch"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The items could not be loaded. Please check your connection and try again.",
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const group = await itemsOf("Website relaunch");
    await waitFor(() =>
      expect(itemNames(group)).toEqual([MAIL.raw_name, CHANNEL.raw_name, TRACKER.raw_name]),
    );
    expect(fetches).toBe(2);
  });
});
