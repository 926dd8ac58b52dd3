import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PROFILE_NOT_FOUND_MESSAGE,
  type CandidatesPage,
  type ProjectCandidate,
  type ProjectsList,
} from "@shared/streams";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { postSignedEvent } from "../../testing/signed-event";

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const ann = await signInThroughDevProvider(t.app, "ann@acme.com");
  token = ann.access_token;
  userId = ann.user.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.exec("DELETE FROM pulse.projects; DELETE FROM pulse.project_aliases;");
});

const bearer = (access = token) => ({ authorization: `Bearer ${access}` });

/** Stores aliases as a streams.discovered event would: [raw_name, source_app, external_id, discovered_at]. */
async function discover(rows: [string, string, string, string][]) {
  for (const [raw, app, id, at] of rows) {
    await t.db.query(
      "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at) VALUES ($1, $2, $3, $4)",
      [raw, app, id, at],
    );
  }
}

/** Reports items the way the workflow service does: a signed streams.discovered event, for a user or for none. */
async function report(rows: [string, string, string][], externalUserId?: string) {
  const res = await postSignedEvent(t.app, {
    type: "streams.discovered",
    ...(externalUserId === undefined ? {} : { external_user_id: externalUserId }),
    items: rows.map(([raw_name, source_app, external_id]) => ({
      raw_name,
      source_app,
      external_id,
      seen_at: "2026-01-05T10:00:00Z",
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function candidates(query = ""): Promise<CandidatesPage> {
  const res = await t.app.inject({ url: `/api/streams/candidates${query}`, headers: bearer() });
  expect(res.statusCode).toBe(200);
  return res.json<CandidatesPage>();
}

const create = (alias_id: string, access = token) =>
  t.app.inject({ method: "POST", url: "/api/projects", headers: bearer(access), payload: { alias_id } });

async function projectRows() {
  return t.db.query<{ name: string; alias_id: string; created_by: string }>(
    "SELECT name, alias_id, created_by FROM pulse.projects ORDER BY name",
  );
}

const sample: [string, string, string, string][] = [
  ["Website relaunch", "jira", "JIRA-12", "2026-01-05T10:00:00Z"],
  ["Website relaunch", "slack", "C-1", "2026-01-04T10:00:00Z"],
  ["Website relaunch", "jira", "JIRA-13", "2026-01-06T10:00:00Z"],
  ["Budget", "gmail", "m-1", "2026-01-05T10:00:00Z"],
  ["", "zoom", "z-1", "2026-01-05T10:00:00Z"],
];

describe("GET /api/streams/candidates", () => {
  it("lists the view's groups by raw_name: counts, sorted source apps, the first alias", async () => {
    await discover(sample);
    const [slackAlias] = await t.db.query<{ id: string }>(
      "SELECT id FROM pulse.project_aliases WHERE external_id = 'C-1'",
    );
    const page = await candidates();
    expect(page.next_after).toBeNull();
    expect(page.candidates.map(({ alias_id: _, ...rest }) => rest)).toEqual([
      { raw_name: "", alias_count: 1, source_apps: ["zoom"] },
      { raw_name: "Budget", alias_count: 1, source_apps: ["gmail"] },
      { raw_name: "Website relaunch", alias_count: 3, source_apps: ["jira", "slack"] },
    ]);
    expect(page.candidates[2]!.alias_id).toBe(slackAlias!.id);
  });

  it("pages by name with a limit and the next_after cursor", async () => {
    await discover(sample);
    const first = await candidates("?limit=2");
    expect(first.candidates.map((c) => c.raw_name)).toEqual(["", "Budget"]);
    // Issue 38: opaque, as two Streams may share a name (it holds the Stream's name and id).
    expect(first.next_after).toEqual(expect.any(String));
    const second = await candidates(`?limit=2&after=${encodeURIComponent(first.next_after!)}`);
    expect(second.candidates.map((c) => c.raw_name)).toEqual(["Website relaunch"]);
    expect(second.next_after).toBeNull();
  });

  it("refuses a limit out of range", async () => {
    for (const limit of ["0", "501", "x"]) {
      const res = await t.app.inject({ url: `/api/streams/candidates?limit=${limit}`, headers: bearer() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });

  it("refuses a cursor holding U+0000, which PostgreSQL text cannot hold (found by hostile-input.test.ts)", async () => {
    const res = await t.app.inject({ url: "/api/streams/candidates?after=a%00b", headers: bearer() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "validation_failed",
      message: "after: must not contain U+0000",
    });
  });
});

describe("POST /api/projects", () => {
  async function candidateNamed(name: string): Promise<ProjectCandidate> {
    const found = (await candidates()).candidates.find((c) => c.raw_name === name);
    if (!found) throw new Error(`no candidate ${name}`);
    return found;
  }

  it("creates the PulseMap from the candidate and links its aliases, so it leaves the view", async () => {
    await discover(sample);
    const candidate = await candidateNamed("Website relaunch");
    const res = await create(candidate.alias_id);
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toEqual({
      id: expect.any(String),
      name: "Website relaunch",
      description: null,
      created_at: expect.any(String),
    });
    expect(await projectRows()).toEqual([
      { name: "Website relaunch", alias_id: candidate.alias_id, created_by: userId },
    ]);
    const linked = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pulse.project_aliases WHERE project_id = $1",
      [project.id],
    );
    expect(linked[0]!.n).toBe(3);
    expect((await candidates()).candidates.map((c) => c.raw_name)).toEqual(["", "Budget"]);

    const list = await t.app.inject({ url: "/api/projects", headers: bearer() });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ projects: [project] });
  });

  it("refuses a second create for the same candidate with 409", async () => {
    await discover(sample);
    const candidate = await candidateNamed("Budget");
    expect((await create(candidate.alias_id)).statusCode).toBe(201);
    const again = await create(candidate.alias_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("project_exists");
    expect(await projectRows()).toHaveLength(1);
  });

  it("lets exactly one of several creates at once win; the database constraint refuses the others", async () => {
    await discover(sample);
    const candidate = await candidateNamed("Website relaunch");
    const results = await Promise.all(Array.from({ length: 5 }, () => create(candidate.alias_id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ error: { code: "project_exists", message: expect.any(String) } });
    }
    expect(await projectRows()).toHaveLength(1);
  });

  it("is refused by the UNIQUE (alias_id) constraint itself, not by a check before the insert", async () => {
    await discover(sample);
    const candidate = await candidateNamed("Budget");
    // The winner of a race has inserted its project but not yet linked the aliases: every check before the
    // insert still passes, so only the database constraint can refuse this create.
    await t.db.query("INSERT INTO pulse.projects (name, alias_id) VALUES ('Budget', $1)", [
      candidate.alias_id,
    ]);
    const res = await create(candidate.alias_id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("project_exists");
    expect(await projectRows()).toHaveLength(1);
    const unlinked = await t.db.query("SELECT id FROM pulse.project_aliases WHERE project_id IS NOT NULL");
    expect(unlinked).toEqual([]);
  });

  it("answers SPEC's message when the user has no profile, and inserts nothing", async () => {
    await discover(sample);
    const bob = await signInThroughDevProvider(t.app, "bob@acme.com");
    await t.db.query("DELETE FROM pulse.user_profiles WHERE user_id = $1", [bob.user.id]);
    const candidate = await candidateNamed("Budget");
    const res = await create(candidate.alias_id, bob.access_token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "profile_not_found", message: PROFILE_NOT_FOUND_MESSAGE } });
    expect(PROFILE_NOT_FOUND_MESSAGE).toBe("Could not find user profile for current user.");
    expect(await projectRows()).toEqual([]);
    expect((await candidates()).candidates).toHaveLength(3);
  });

  it("refuses an unknown alias (404) and a body without a uuid (400), inserting nothing", async () => {
    await discover(sample);
    const unknown = await create("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("candidate_not_found");
    const bad = await t.app.inject({ method: "POST", url: "/api/projects", headers: bearer(), payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(await projectRows()).toEqual([]);
  });
});

describe("GET /api/projects", () => {
  it("lists the newest PulseMaps first, ties by id, as many as the limit asks, with their description and time", async () => {
    const ids = {
      a: "00000000-0000-4000-8000-00000000000a",
      b: "00000000-0000-4000-8000-00000000000b",
      c: "00000000-0000-4000-8000-00000000000c",
    };
    await t.db.query(
      `INSERT INTO pulse.projects (id, name, description, created_at) VALUES
         ($1, 'Oldest', NULL, timestamptz '2026-01-01T08:00:00.123Z'),
         ($2, 'Tied, lower id', 'first of two', timestamptz '2026-02-01T09:30:00Z'),
         ($3, 'Tied, higher id', NULL, timestamptz '2026-02-01T09:30:00Z')`,
      [ids.a, ids.b, ids.c],
    );
    const list = async (query = "") => {
      const res = await t.app.inject({ url: `/api/projects${query}`, headers: bearer() });
      expect(res.statusCode).toBe(200);
      return res.json<ProjectsList>().projects;
    };
    expect(await list()).toEqual([
      { id: ids.c, name: "Tied, higher id", description: null, created_at: "2026-02-01T09:30:00.000Z" },
      {
        id: ids.b,
        name: "Tied, lower id",
        description: "first of two",
        created_at: "2026-02-01T09:30:00.000Z",
      },
      { id: ids.a, name: "Oldest", description: null, created_at: "2026-01-01T08:00:00.123Z" },
    ]);
    expect((await list("?limit=2")).map((p) => p.name)).toEqual(["Tied, higher id", "Tied, lower id"]);
  });
});

describe("access", () => {
  it("answers 401 without a session and 403 outside the company domain, storing nothing", async () => {
    await discover(sample);
    const [alias] = await t.db.query<{ id: string }>("SELECT id FROM pulse.project_aliases LIMIT 1");
    const eve = await signInThroughDevProvider(t.app, "eve@notacme.com");
    for (const [method, url] of [
      ["GET", "/api/streams/candidates"],
      ["GET", "/api/projects"],
      ["POST", "/api/projects"],
    ] as const) {
      const payload = method === "POST" ? { alias_id: alias!.id } : undefined;
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const outsider = await t.app.inject({ method, url, payload, headers: bearer(eve.access_token) });
      expect(outsider.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await projectRows()).toEqual([]);
  });
});

describe("who sees a discovered Stream (security review finding 13)", () => {
  let bob: { token: string; id: string };
  let carol: { token: string; id: string };
  beforeAll(async () => {
    for (const [email, set] of [
      ["bo@acme.com", (u: typeof bob) => (bob = u)],
      ["carol@acme.com", (u: typeof bob) => (carol = u)],
    ] as const) {
      const session = await signInThroughDevProvider(t.app, email);
      set({ token: session.access_token, id: session.user.id });
    }
  });

  async function seenBy(access: string, query = ""): Promise<CandidatesPage> {
    const res = await t.app.inject({ url: `/api/streams/candidates${query}`, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    return res.json<CandidatesPage>();
  }
  const names = async (access: string) => (await seenBy(access)).candidates.map((c) => c.raw_name);

  beforeEach(async () => {
    await report([["All hands", "google_meet_gemini", "meet-all"]]);
    await report(
      [
        ["Acquisition talks", "gmail", "bob-mail-1"],
        ["Website relaunch", "asana", "bob-asana-1"],
      ],
      bob.id,
    );
    await report([["Website relaunch", "jira", "JIRA-12"]], userId);
  });

  it("shows each user the items their own accounts reported and those reported without a user", async () => {
    expect(await names(bob.token)).toEqual(["Acquisition talks", "All hands", "Website relaunch"]);
    expect(await names(token)).toEqual(["All hands", "Website relaunch"]);
    const [alias] = await t.db.query<{ id: string }>(
      "SELECT id FROM pulse.project_aliases WHERE external_id = 'JIRA-12'",
    );
    // A shared name counts only what the reader may see: not that a colleague's Asana has it too.
    expect((await seenBy(token)).candidates[1]).toEqual({
      raw_name: "Website relaunch",
      alias_count: 1,
      source_apps: ["jira"],
      alias_id: alias!.id,
    });
  });

  it("shows a user who connected nothing only the company-wide items, on every page", async () => {
    expect(await names(carol.token)).toEqual(["All hands"]);
    const first = await seenBy(carol.token, "?limit=1");
    expect(first).toEqual({
      candidates: [expect.objectContaining({ raw_name: "All hands" })],
      next_after: null,
    });
    const after = await seenBy(carol.token, `?after=${encodeURIComponent("A")}`);
    expect(after.candidates.map((c) => c.raw_name)).toEqual(["All hands"]);
    const later = await seenBy(carol.token, `?after=${encodeURIComponent("All hands")}`);
    expect(later).toEqual({ candidates: [], next_after: null });
  });

  it("pages a user's own items and the company's together, in name order", async () => {
    const first = await seenBy(bob.token, "?limit=1");
    expect(first.candidates.map((c) => c.raw_name)).toEqual(["Acquisition talks"]);
    const second = await seenBy(bob.token, `?limit=1&after=${encodeURIComponent(first.next_after!)}`);
    expect(second.candidates.map((c) => c.raw_name)).toEqual(["All hands"]);
    const third = await seenBy(bob.token, `?limit=1&after=${encodeURIComponent(second.next_after!)}`);
    expect(third).toEqual({
      candidates: [
        expect.objectContaining({ raw_name: "Website relaunch", alias_count: 1, source_apps: ["asana"] }),
      ],
      next_after: null,
    });
  });

  const aliasOf = async (externalId: string) =>
    (
      await t.db.query<{ id: string }>("SELECT id FROM pulse.project_aliases WHERE external_id = $1", [
        externalId,
      ])
    )[0]!.id;

  it("refuses a PulseMap from a colleague's item as not found, linking nothing", async () => {
    const res = await create(await aliasOf("bob-mail-1"));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("candidate_not_found");
    expect(await projectRows()).toEqual([]);
    expect(await names(bob.token)).toContain("Acquisition talks");
  });

  it("answers 404, not 409, for a colleague's item already in a PulseMap, so its existence does not show", async () => {
    const mail = await aliasOf("bob-mail-1");
    expect((await create(mail, bob.token)).statusCode).toBe(201);
    const res = await create(mail);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("candidate_not_found");
  });

  it("links only the creator's visible aliases; the PulseMap itself is the company's", async () => {
    const mine = (await seenBy(token)).candidates.find((c) => c.raw_name === "Website relaunch")!;
    const res = await create(mine.alias_id);
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    const linked = await t.db.query<{ external_id: string }>(
      "SELECT external_id FROM pulse.project_aliases WHERE project_id = $1",
      [project.id],
    );
    expect(linked).toEqual([{ external_id: "JIRA-12" }]);
    expect(await names(token)).toEqual(["All hands"]);
    // Bob's own Asana project of that name stays his candidate: Ann could not know it was there.
    expect(await names(bob.token)).toEqual(["Acquisition talks", "All hands", "Website relaunch"]);
    for (const reader of [bob.token, carol.token]) {
      const list = await t.app.inject({ url: "/api/projects", headers: bearer(reader) });
      expect(list.json()).toEqual({ projects: [project] });
    }
  });
});

describe("a Stream with a blank name", () => {
  it("becomes a PulseMap named Untitled Project, as the candidates list shows it", async () => {
    // The workflow service may report an empty name (streams-discovered.ts keeps it), or one of spaces only.
    await report(
      [
        ["", "zoom", "z-blank"],
        ["   ", "slack", "s-blank"],
      ],
      userId,
    );
    const blank = (await candidates()).candidates;
    // Issue 38: a Stream is named by its items' plain names, so spaces only read as empty too.
    expect(blank.map((c) => c.raw_name)).toEqual(["", ""]);
    for (const candidate of blank) expect((await create(candidate.alias_id)).statusCode).toBe(201);

    expect((await projectRows()).map((p) => p.name)).toEqual(["Untitled Project", "Untitled Project"]);
    const list = await t.app.inject({ url: "/api/projects", headers: bearer() });
    expect(list.json<ProjectsList>().projects.map((p) => p.name)).toEqual([
      "Untitled Project",
      "Untitled Project",
    ]);
    // The aliases were linked by their own raw names, not the stored one, so neither group stays a candidate.
    expect((await candidates()).candidates).toEqual([]);
  });
});
