// Issue 38 through the real server: items resolved into Streams as signed events arrive, what a Stream holds and
// why, corrections that stick, PulseMaps that keep gathering their project, and `npm run streams:resolve`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  CandidatesPage,
  CorrectionResponse,
  ProjectCandidate,
  StreamItem,
  StreamItemsList,
} from "@shared/streams";
import { STREAMS_ROUTES, streamsPath } from "@shared/streams";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { postSignedEvent } from "../../testing/signed-event";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { resolveStoredStreams } from "./resolve-stored";

let t: TestApp;
const users: Record<"ann" | "bob", { id: string; token: string }> = {} as never;
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["ann", "bob"] as const) {
    const session = await signInThroughDevProvider(t.app, `${name}@acme.com`);
    users[name] = { id: session.user.id, token: session.access_token };
  }
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.exec(
    "DELETE FROM pulse.projects; DELETE FROM pulse.project_aliases; DELETE FROM pulse.streams;",
  );
});

type Who = keyof typeof users;
const bearer = (who: Who = "ann") => ({ authorization: `Bearer ${users[who].token}` });

/** The nine names for one project, as each tool shows them. */
const WEBSITE_RELAUNCH: [string, string, string][] = [
  ["RE: Website relaunch – timeline", "gmail", "mail-1"],
  ["Fwd: Website Relaunch deck", "gmail", "mail-2"],
  ["Website Relaunch weekly sync", "google_meet_gemini", "meet-1"],
  ["Notes: Website relaunch kickoff", "zoom", "zoom-1"],
  ["#website-relaunch", "slack", "C-web"],
  ["WEB – Website Relaunch", "jira", "WEB-1"],
  ["Website Relaunch 2026", "asana", "asana-1"],
  ["Website relaunch – PRD", "google_docs", "doc-1"],
  ["Website relaunch budget.xlsx", "google_sheets", "sheet-1"],
];
/** "Website relaunch", or a comparably plain name: never a mail subject, a channel or a file name. */
const PLAIN_NAME = /^Website relaunch$/i;
const TEAM = ["dana@acme.com", "lee@acme.com", "kim@acme.com"];

let clock = Date.parse("2026-03-02T09:00:00Z");
/** Reports items as the workflow service does, one signed streams.discovered event; later calls are later items. */
async function report(rows: [string, string, string][], who?: Who) {
  const res = await postSignedEvent(t.app, {
    type: "streams.discovered",
    ...(who === undefined ? {} : { external_user_id: users[who].id }),
    items: rows.map(([raw_name, source_app, external_id]) => ({
      raw_name,
      source_app,
      external_id,
      seen_at: new Date((clock += 60_000)).toISOString(),
      participants: TEAM,
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function candidates(who: Who = "ann"): Promise<ProjectCandidate[]> {
  const res = await t.app.inject({ url: `${STREAMS_ROUTES.candidates}?limit=500`, headers: bearer(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CandidatesPage>().candidates;
}

async function candidateNamed(name: string | RegExp, who: Who = "ann"): Promise<ProjectCandidate> {
  const found = (await candidates(who)).filter((c) =>
    typeof name === "string" ? c.raw_name === name : name.test(c.raw_name),
  );
  expect(found, `one candidate named ${name}`).toHaveLength(1);
  return found[0]!;
}

const itemsOf = (aliasId: string, who: Who = "ann") =>
  t.app.inject({ url: streamsPath(STREAMS_ROUTES.candidateItems, aliasId), headers: bearer(who) });
const projectItemsOf = (projectId: string, who: Who = "ann") =>
  t.app.inject({ url: streamsPath(STREAMS_ROUTES.projectItems, projectId), headers: bearer(who) });
const correct = (item_id: string, who: Who = "ann") =>
  t.app.inject({
    method: "POST",
    url: STREAMS_ROUTES.corrections,
    headers: bearer(who),
    payload: { item_id },
  });
const undo = (id: string, who: Who = "ann") =>
  t.app.inject({ method: "DELETE", url: streamsPath(STREAMS_ROUTES.correction, id), headers: bearer(who) });
const create = (alias_id: string, who: Who = "ann") =>
  t.app.inject({ method: "POST", url: STREAMS_ROUTES.projects, headers: bearer(who), payload: { alias_id } });

async function items(aliasId: string, who: Who = "ann"): Promise<StreamItem[]> {
  const res = await itemsOf(aliasId, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StreamItemsList>().items;
}

const byExternalId = (list: StreamItem[], externalId: string) =>
  list.find((i) => i.external_id === externalId)!;

describe("streams.discovered resolved into Streams (issue 38's Done when)", () => {
  it("shows the nine names of one project as one candidate with all their apps, named plainly", async () => {
    // As the tools send them: each its own event.
    for (const row of WEBSITE_RELAUNCH) await report([row]);
    expect(await candidates()).toEqual([
      {
        // The clearest of the names, without the tools' decorations (the resolver ranks them).
        raw_name: expect.stringMatching(PLAIN_NAME),
        alias_count: 9,
        source_apps: [
          "asana",
          "gmail",
          "google_docs",
          "google_meet_gemini",
          "google_sheets",
          "jira",
          "slack",
          "zoom",
        ],
        alias_id: expect.any(String),
      },
    ]);
  });

  it("resolves the nine in one batch too, and keeps Q3 and Q4 budget review two candidates", async () => {
    await report([
      ...WEBSITE_RELAUNCH,
      ["Q3 budget review", "google_sheets", "q3"],
      ["Q4 budget review", "gmail", "q4"],
    ]);
    const list = await candidates();
    expect(list).toHaveLength(3);
    expect(list.find((c) => c.alias_count === 9)?.raw_name).toMatch(PLAIN_NAME);
    expect(list.filter((c) => /budget/i.test(c.raw_name)).map((c) => c.alias_count)).toEqual([1, 1]);
  });
});

describe("several instances at once", () => {
  it("resolves events arriving together one after the other: the project is still one candidate", async () => {
    await Promise.all(WEBSITE_RELAUNCH.map((row) => report([row])));
    expect((await candidates()).map((c) => c.alias_count)).toEqual([9]);
  });
});

describe("GET /api/streams/candidates/:alias_id/items", () => {
  it("lists the Stream's items as the tools showed them, oldest first, each with why it was grouped", async () => {
    for (const row of WEBSITE_RELAUNCH) await report([row]);
    const candidate = await candidateNamed(PLAIN_NAME);
    const list = await items(candidate.alias_id);
    expect(list.map((i) => [i.raw_name, i.source_app, i.external_id])).toEqual(WEBSITE_RELAUNCH);
    expect(list[0]).toEqual({
      id: candidate.alias_id,
      external_id: "mail-1",
      source_app: "gmail",
      raw_name: "RE: Website relaunch – timeline",
      seen_at: expect.stringMatching(/^2026-03-\d\dT/),
      reason: "first item of this Stream",
    });
    for (const item of list.slice(1)) expect(item.reason).toMatch(/\w/);
    expect(new Set(list.map((i) => i.reason)).size).toBeGreaterThan(1);
  });

  it("counts and lists only what the reader may see; a colleague's item is not found", async () => {
    await report(WEBSITE_RELAUNCH.slice(0, 4));
    await report([["Website relaunch – PRD", "google_docs", "bob-doc"]], "bob");
    const ann = await candidateNamed(PLAIN_NAME);
    expect(ann.alias_count).toBe(4);
    expect(ann.source_apps).not.toContain("google_docs");
    expect((await items(ann.alias_id)).map((i) => i.external_id)).not.toContain("bob-doc");

    const bob = await candidateNamed(PLAIN_NAME, "bob");
    expect(bob.alias_count).toBe(5);
    const bobsDoc = byExternalId(await items(bob.alias_id, "bob"), "bob-doc");
    const hidden = await itemsOf(bobsDoc.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe("candidate_not_found");
    // Nor may Ann take it out, or learn it is there.
    expect((await correct(bobsDoc.id)).statusCode).toBe(404);
  });

  it("never shows a colleague's name, not even inside the paging cursor", async () => {
    await report([
      ["RE: Website relaunch – timeline", "gmail", "mail-1"],
      ["Zebra rollout", "jira", "Z-1"],
    ]);
    // Bob's own item joins the same Stream and names it best: "Website Relaunch 2026".
    await report([["Website Relaunch 2026", "asana", "bob-asana"]], "bob");
    const res = await t.app.inject({ url: `${STREAMS_ROUTES.candidates}?limit=1`, headers: bearer() });
    const page = res.json<CandidatesPage>();
    expect(page.candidates.map((c) => c.raw_name)).toEqual(["Website relaunch"]);
    expect(JSON.stringify(page)).not.toMatch(/2026/);
    const next = await t.app.inject({
      url: `${STREAMS_ROUTES.candidates}?limit=1&after=${encodeURIComponent(page.next_after!)}`,
      headers: bearer(),
    });
    expect(next.json<CandidatesPage>().candidates.map((c) => c.raw_name)).toEqual(["Zebra rollout"]);
  });

  it("refuses an id that is no uuid (400) and one of a PulseMap's items (404)", async () => {
    const bad = await itemsOf("not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("validation_failed");
    await report(WEBSITE_RELAUNCH.slice(0, 2));
    const candidate = await candidateNamed(PLAIN_NAME);
    expect((await create(candidate.alias_id)).statusCode).toBe(201);
    expect((await itemsOf(candidate.alias_id)).statusCode).toBe(404);
  });
});

describe("Not this project (POST and DELETE /api/streams/corrections)", () => {
  it("takes an item out for good: after new events and after streams:resolve; undo brings it back", async () => {
    for (const row of WEBSITE_RELAUNCH) await report([row]);
    const candidate = await candidateNamed(PLAIN_NAME);
    const budget = byExternalId(await items(candidate.alias_id), "sheet-1");

    const res = await correct(budget.id);
    expect(res.statusCode, res.body).toBe(201);
    const { correction } = res.json<CorrectionResponse>();
    expect(correction).toEqual({
      id: expect.any(String),
      item_id: budget.id,
      created_at: expect.any(String),
      created_by: users.ann.id,
      undone_at: null,
    });
    const afterCorrection = await candidates();
    expect(afterCorrection.map((c) => c.alias_count).sort()).toEqual([1, 8]);
    const alone = afterCorrection.find((c) => c.alias_count === 1)!;
    expect(alone.alias_id).toBe(budget.id);
    expect((await items(budget.id)).map((i) => i.reason)).toEqual(["first item of this Stream"]);

    // A later item of the project joins the project, not the item taken out — and the item stays out.
    await report([["Re: Website relaunch timeline", "gmail", "mail-3"]]);
    expect((await candidates()).map((c) => c.alias_count).sort()).toEqual([1, 9]);
    await resolveStoredStreams(t.db);
    expect((await candidates()).map((c) => c.alias_count).sort()).toEqual([1, 9]);
    expect(await t.db.query("SELECT created_by FROM pulse.stream_corrections")).toEqual([
      { created_by: users.ann.id },
    ]);

    // Any company user may undo it; undoing twice changes nothing more.
    expect((await undo(correction.id, "bob")).statusCode).toBe(204);
    expect((await candidates()).map((c) => c.alias_count)).toEqual([10]);
    expect((await undo(correction.id)).statusCode).toBe(204);
    const [audit] = await t.db.query<{ undone_by: string; undone: boolean }>(
      "SELECT undone_by, undone_at IS NOT NULL AS undone FROM pulse.stream_corrections",
    );
    expect(audit).toEqual({ undone_by: users.bob.id, undone: true });
    expect(await t.db.query("SELECT 1 FROM pulse.stream_cannot_link")).toEqual([]);
  });

  it("refuses unknown and malformed ids", async () => {
    const unknown = await correct("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("item_not_found");
    const bad = await t.app.inject({
      method: "POST",
      url: STREAMS_ROUTES.corrections,
      headers: bearer(),
      payload: { item_id: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await undo("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await undo("nope")).statusCode).toBe(400);
  });

  it("answers 401 without a session on every new route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", streamsPath(STREAMS_ROUTES.candidateItems, id)],
      ["GET", streamsPath(STREAMS_ROUTES.projectItems, id)],
      ["POST", STREAMS_ROUTES.corrections],
      ["DELETE", streamsPath(STREAMS_ROUTES.correction, id)],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === "POST" ? { item_id: id } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("PulseMaps keep gathering their project", () => {
  it("links the whole Stream; a later matching item joins it; Not this project sends one back to New Items", async () => {
    await report(WEBSITE_RELAUNCH.slice(0, 5));
    await report([["Q3 budget review", "google_sheets", "q3"]]);
    const candidate = await candidateNamed(PLAIN_NAME);
    const created = await create(candidate.alias_id);
    expect(created.statusCode, created.body).toBe(201);
    const { project } = created.json();
    expect(project.name).toMatch(PLAIN_NAME);
    expect((await candidates()).map((c) => c.alias_count)).toEqual([1]);

    const listed = await projectItemsOf(project.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<StreamItemsList>().items).toHaveLength(5);

    await report(WEBSITE_RELAUNCH.slice(5));
    expect((await candidates()).map((c) => c.raw_name)).toEqual([expect.stringMatching(/budget/i)]);
    const gathered = (await projectItemsOf(project.id)).json<StreamItemsList>().items;
    expect(gathered.map((i) => i.external_id)).toEqual(WEBSITE_RELAUNCH.map(([, , id]) => id));

    const slack = byExternalId(gathered, "C-web");
    expect((await correct(slack.id)).statusCode).toBe(201);
    expect((await projectItemsOf(project.id)).json<StreamItemsList>().items).toHaveLength(8);
    const back = await candidates();
    expect(back.map((c) => c.alias_id)).toContain(slack.id);

    // And it stays out of the PulseMap when everything is resolved again.
    await resolveStoredStreams(t.db);
    expect((await projectItemsOf(project.id)).json<StreamItemsList>().items).toHaveLength(8);
    expect((await candidates()).map((c) => c.alias_id)).toContain(slack.id);
  });

  it("lists only the PulseMap's items the reader may see; an unknown PulseMap is not found", async () => {
    await report(WEBSITE_RELAUNCH.slice(0, 2));
    const { project } = (await create((await candidateNamed(PLAIN_NAME)).alias_id)).json();
    await report([["Website relaunch – PRD", "google_docs", "bob-doc"]], "bob");
    expect((await projectItemsOf(project.id, "bob")).json<StreamItemsList>().items).toHaveLength(3);
    expect((await projectItemsOf(project.id)).json<StreamItemsList>().items).toHaveLength(2);
    const unknown = await projectItemsOf("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("project_not_found");
  });
});

describe("streams.discovered's new fields", () => {
  it("stores participants lower-cased and the context; refuses more than 50 participants or 501 characters", async () => {
    const send = (extra: Record<string, unknown>) =>
      postSignedEvent(t.app, {
        type: "streams.discovered",
        items: [
          {
            raw_name: "Data platform",
            source_app: "jira",
            external_id: "D-1",
            seen_at: "2026-01-01T00:00:00Z",
            ...extra,
          },
        ],
      });
    expect((await send({ participants: ["Dana@Acme.com"], context: "DATA project" })).statusCode).toBe(200);
    expect(await t.db.query("SELECT participants, context FROM pulse.project_aliases")).toEqual([
      { participants: ["dana@acme.com"], context: "DATA project" },
    ]);
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@acme.com`);
    for (const extra of [
      { participants: many },
      { context: "x".repeat(501) },
      { participants: ["not an address"] },
    ]) {
      const res = await send({ ...extra, external_id: "D-2" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });
});
