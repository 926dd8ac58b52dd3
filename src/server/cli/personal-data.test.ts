import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_CLOSE } from "@shared/realtime";
import type { SessionResponse } from "@shared/auth";
import { createDirectSession } from "../../testing/direct-session";
import { samplePdf } from "../../testing/contact-files";
import { listenForSockets, TestSocket } from "../../testing/realtime-test-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { Database } from "../db/client";
import { deletePersonalData as deleteWith, exportPersonalData } from "../privacy/personal-data";
import { settleStreams } from "../streams/resolution";

/**
 * What the operator's user:export and user:delete do (issue 37 item 12), on the real server and its database
 * (PGlite; PostgreSQL too with TEST_DATABASE_URL): a person's data out in full with no secret in it, then erased in
 * one transaction while the person is signed in with a socket open.
 */
/** The erasure as user:delete composes it: the Streams feature settles the Streams items left. */
const deletePersonalData = (db: Database, email: string) => deleteWith(db, email, { settleStreams });

let t: TestApp;
let url: string;
let lee: SessionResponse;
let kim: SessionResponse;
const sockets: TestSocket[] = [];
const REFRESH_TOKEN_CIPHERTEXT = "v1.encrypted-google-refresh-token-of-lee";
const ids: Record<string, string> = {};

const api = (token: string, path: string) =>
  t.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.db.query<T>(text, params);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  lee = await createDirectSession(t.db, t.config, "lee@acme.com");
  await createDirectSession(t.db, t.config, "lee@acme.com");
  kim = await createDirectSession(t.db, t.config, "kim@acme.com");
  const leeId = lee.user.id;
  const kimId = kim.user.id;
  await t.db.query("UPDATE auth.identities SET refresh_token_encrypted = $2 WHERE user_id = $1", [
    leeId,
    REFRESH_TOKEN_CIPHERTEXT,
  ]);
  await t.db.query(
    `INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true), ($1, 'slack', false),
       ($2, 'asana', true)`,
    [leeId, kimId],
  );
  await t.db.query(
    `INSERT INTO pulse.user_identities (user_id, provider, provider_project_list)
     VALUES ($1, 'asana', '[{"gid":"1","name":"Launch"}]'), ($2, 'asana', '[]')`,
    [leeId, kimId],
  );
  await t.db.query(
    `INSERT INTO pulse.project_sync_preferences (user_id, provider, sync_all, selected_project_ids)
     VALUES ($1, 'asana', false, '{1}'), ($2, 'asana', true, '{}')`,
    [leeId, kimId],
  );
  // Discoveries: one only Lee's accounts reported, one Kim's reported too, one that became a PulseMap.
  for (const [key, name] of [
    ["leeOnly", "Lee's private thread"],
    ["shared", "Website relaunch"],
    ["mapped", "Q3 launch"],
  ] as const) {
    ids[key] = (
      await one<{ id: string }>(
        `INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, company_wide)
         VALUES ($1, 'gmail', $2, false) RETURNING id`,
        [name, `ext-${key}`],
      )
    ).id;
    await t.db.query(
      "INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name) VALUES ($1, $2, $3)",
      [ids[key], leeId, name],
    );
  }
  await t.db.query(
    "INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name) VALUES ($1, $2, 'Website relaunch')",
    [ids.shared, kimId],
  );
  // An item Kim's accounts alone reported, naming Lee among its participants.
  ids.mention = (
    await one<{ id: string }>(
      `INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, company_wide, participants)
       VALUES ('Budget review', 'slack', 'ext-mention', false, '{lee@acme.com,kim@acme.com}') RETURNING id`,
    )
  ).id;
  await t.db.query(
    "INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name) VALUES ($1, $2, 'Budget review')",
    [ids.mention, kimId],
  );
  ids.leeOnlyStream = (
    await one<{ stream_id: string }>("SELECT stream_id FROM pulse.project_aliases WHERE id = $1", [
      ids.leeOnly,
    ])
  ).stream_id;
  ids.pulseMap = (
    await one<{ id: string }>(
      `INSERT INTO pulse.projects (name, description, alias_id, created_by, created_at)
       VALUES ('Q3 launch', 'The launch', $1, $2, '2026-05-01T00:00:00Z') RETURNING id`,
      [ids.mapped, leeId],
    )
  ).id;
  await t.db.query("UPDATE pulse.project_aliases SET project_id = $1 WHERE id = $2", [
    ids.pulseMap,
    ids.mapped,
  ]);
  await t.db.query(`INSERT INTO pulse.projects (name, created_by) VALUES ('Kim''s map', $1)`, [kimId]);
  // Contact submissions: two from Lee's address (one written in another case, one with a résumé), one from Kim.
  await t.db.query(
    `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, message, resume_original_name,
       resume_stored_name, resume_type, resume_size, resume_bytes, client_ip, created_at)
     VALUES ('Lee', 'Park', 'LEE@acme.com', 'Careers', 'Hire me', 'Lee CV.pdf', 'stored.pdf', 'application/pdf', $1,
       $2, '203.0.113.9', '2026-01-02T03:04:05Z'),
            ('Lee', 'Park', 'lee@acme.com', 'Something else', 'Hello', NULL, NULL, NULL, NULL, NULL, NULL,
       '2026-02-02T03:04:05Z'),
            ('Kim', 'Ng', 'kim@acme.com', 'Careers', NULL, 'Kim.pdf', 'kim.pdf', 'application/pdf', $1, $2, NULL,
       '2026-02-03T00:00:00Z')`,
    [samplePdf().length, samplePdf()],
  );
});

afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map((socket) => {
      socket.close();
      return socket.closed;
    }),
  );
});

afterAll(async () => {
  await t.close();
});

describe("user:export's data", () => {
  it("holds everything about the person, nothing about anyone else, and no token or résumé bytes", async () => {
    const data = await exportPersonalData(t.db, "Lee@Acme.com", new Date("2026-11-27T12:00:00Z"));
    expect(data.email).toBe("Lee@Acme.com");
    expect(data.exportedAt).toBe("2026-11-27T12:00:00.000Z");
    expect(data.accounts).toHaveLength(1);
    const [account] = data.accounts;
    expect(account!.profile).toMatchObject({ id: lee.user.id, email: "lee@acme.com", emailVerified: true });
    expect(account!.sessions).toHaveLength(2);
    expect(account!.sessions[0]).toMatchObject({ endedAt: null, endedBecause: null });
    expect(Object.keys(account!.sessions[0]!).sort()).toEqual(
      ["createdAt", "endedAt", "endedBecause", "expiresAt", "id", "ip", "lastActiveAt", "userAgent"].sort(),
    );
    expect(account!.identities).toEqual([
      expect.objectContaining({ provider: "google", email: "lee@acme.com", holdsRefreshToken: true }),
    ]);
    expect(account!.connectors.map((c) => [c.type, c.isActive])).toEqual([
      ["asana", true],
      ["slack", false],
    ]);
    expect(account!.connectedProjects).toEqual([
      expect.objectContaining({ provider: "asana", projects: [{ gid: "1", name: "Launch" }] }),
    ]);
    expect(account!.syncPreferences).toEqual([
      expect.objectContaining({ provider: "asana", syncAll: false, selectedProjectIds: ["1"] }),
    ]);
    expect(account!.discoveries.map((d) => d.rawName).sort()).toEqual([
      "Lee's private thread",
      "Q3 launch",
      "Website relaunch",
    ]);
    expect(account!.discoveries.find((d) => d.rawName === "Q3 launch")?.pulseMapId).toBe(ids.pulseMap);
    expect(account!.pulseMapsCreated).toEqual([
      {
        id: ids.pulseMap,
        name: "Q3 launch",
        description: "The launch",
        createdAt: "2026-05-01T00:00:00.000Z",
      },
    ]);
    expect(data.mentions).toEqual([
      expect.objectContaining({ aliasId: ids.mention, rawName: "Budget review", sourceApp: "slack" }),
    ]);
    expect(data.contactSubmissions.map((s) => [s.email, s.reason, s.resume])).toEqual([
      [
        "LEE@acme.com",
        "Careers",
        { originalName: "Lee CV.pdf", type: "application/pdf", size: samplePdf().length },
      ],
      ["lee@acme.com", "Something else", null],
    ]);

    const json = JSON.stringify(data);
    const { token_hash } = await one<{ token_hash: string }>(
      `SELECT r.token_hash FROM auth.refresh_tokens r JOIN auth.sessions s ON s.id = r.session_id
        WHERE s.user_id = $1 LIMIT 1`,
      [lee.user.id],
    );
    for (const secret of [
      token_hash,
      REFRESH_TOKEN_CIPHERTEXT,
      lee.access_token,
      samplePdf().toString("base64"),
    ])
      expect(json).not.toContain(secret);
    for (const other of ["kim@acme.com", "Kim's map", kim.user.id]) expect(json).not.toContain(other);
  });

  it("is empty for an address Pulse knows nothing of", async () => {
    const data = await exportPersonalData(t.db, "nobody@acme.com");
    expect(data).toMatchObject({ accounts: [], contactSubmissions: [] });
  });
});

describe("user:delete's erasure", () => {
  it("changes nothing at all when any part of it fails: one transaction", async () => {
    await t.db.exec(`
      CREATE FUNCTION pulse.refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$;
      CREATE TRIGGER refuse_delete BEFORE DELETE ON pulse.user_profiles
        FOR EACH ROW EXECUTE FUNCTION pulse.refuse_delete();`);
    const before = await exportPersonalData(t.db, "lee@acme.com");
    try {
      await expect(deletePersonalData(t.db, "lee@acme.com")).rejects.toThrow(
        /Failed query: DELETE FROM auth.users/,
      );
    } finally {
      await t.db.exec(
        `DROP TRIGGER refuse_delete ON pulse.user_profiles; DROP FUNCTION pulse.refuse_delete();`,
      );
    }
    expect(await exportPersonalData(t.db, "lee@acme.com")).toEqual({
      ...before,
      exportedAt: expect.any(String),
    });
    expect((await api(lee.access_token, "/api/connectors")).statusCode).toBe(200);
  });

  it("ends the person's sessions and closes their sockets at once, and removes or anonymises all of it", async () => {
    const socket = await TestSocket.open(url, new URL(t.config.publicUrl).origin);
    sockets.push(socket);
    await socket.authAndJoin(lee.access_token, [
      { type: "join", channel: "connectors", user_id: lee.user.id },
    ]);
    // Read once, so the instance holds the session in its cache (decision 0081): the change must still reach it.
    expect((await api(lee.access_token, "/api/connectors")).statusCode).toBe(200);

    expect(await deletePersonalData(t.db, "LEE@acme.com")).toEqual({
      accounts: 1,
      sessionsEnded: 2,
      connectors: 2,
      discoveriesForgotten: 3,
      discoveriesRemoved: 1,
      mentionsRemoved: 1,
      pulseMapsKept: 1,
      contactSubmissions: 2,
      resumes: 1,
    });

    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized, reason: "session ended" });
    const refused = await api(lee.access_token, "/api/connectors");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("session_ended");

    // Nothing is left under the address.
    expect(await exportPersonalData(t.db, "lee@acme.com")).toMatchObject({
      accounts: [],
      contactSubmissions: [],
    });
    expect(
      await one<{ n: number }>(
        `SELECT ((SELECT count(*) FROM auth.sessions WHERE user_id = $1)
              + (SELECT count(*) FROM auth.identities WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.user_profiles WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.connectors WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.user_identities WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.project_sync_preferences WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.project_alias_viewers WHERE user_id = $1)
              + (SELECT count(*) FROM pulse.contact_submissions WHERE lower(email) = 'lee@acme.com'))::int AS n`,
        [lee.user.id],
      ),
    ).toEqual({ n: 0 });

    // The PulseMap stays the company's, without its creator; the items others see stay for them.
    const maps = await api(kim.access_token, "/api/projects");
    expect(maps.statusCode).toBe(200);
    expect((maps.json() as { projects: { id: string }[] }).projects.map((p) => p.id)).toContain(ids.pulseMap);
    expect(await one("SELECT name, created_by FROM pulse.projects WHERE id = $1", [ids.pulseMap])).toEqual({
      name: "Q3 launch",
      created_by: null,
    });
    const aliases = await t.db.query<{ id: string }>("SELECT id FROM pulse.project_aliases ORDER BY id");
    expect(aliases.map((a) => a.id).sort()).toEqual([ids.shared, ids.mapped, ids.mention].sort());
    // The Stream the removed item was alone in went with it; the address left the other item's participants.
    expect(await t.db.query("SELECT id FROM pulse.streams WHERE id = $1", [ids.leeOnlyStream])).toEqual([]);
    expect(await one("SELECT participants FROM pulse.project_aliases WHERE id = $1", [ids.mention])).toEqual({
      participants: ["kim@acme.com"],
    });

    // Everyone else is untouched.
    const kept = await exportPersonalData(t.db, "kim@acme.com");
    expect(kept.accounts[0]!.sessions.filter((s) => s.endedAt === null)).toHaveLength(1);
    expect(kept.accounts[0]!.discoveries.map((d) => d.aliasId).sort()).toEqual(
      [ids.shared, ids.mention].sort(),
    );
    expect(kept.accounts[0]!.pulseMapsCreated.map((p) => p.name)).toEqual(["Kim's map"]);
    expect(kept.contactSubmissions).toHaveLength(1);
    expect((await api(kim.access_token, "/api/connectors")).statusCode).toBe(200);
  });

  it("finds nothing the second time", async () => {
    expect(await deletePersonalData(t.db, "lee@acme.com")).toMatchObject({
      accounts: 0,
      contactSubmissions: 0,
    });
  });
});
