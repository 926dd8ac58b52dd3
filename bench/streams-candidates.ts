/**
 * npm run bench:streams — the Streams scale figures of issue #11 (decision 0051):
 *
 *   - the first screen of candidates (GET /api/streams/candidates?limit=50, the page's screen, signed in) with
 *     100,000 aliases over 20,000 stream names, and a screen from the middle of the list, median and p95;
 *   - the same screens once 80 % of those aliases are private to one of 20 colleagues' accounts (security review
 *     finding 13): for the signed-in user, one of the 20, and for a user who connected nothing;
 *   - a 1,000-item `streams.discovered` batch through the signed endpoint, landing in one transaction, reported
 *     without a user and for the signed-in user.
 *
 * Since issue 38 the aliases are named as the tools name things (decorated per app, five tools per project) and
 * resolved into Streams: `npm run streams:resolve` over the 100,000 (timed: goal < 60 s), then the screens, then
 * 1,000-item batches resolved in their transaction against every stored item (goal < 1 s on PGlite and
 * PostgreSQL), half naming stored projects as another tool would and half new.
 *
 * On PGlite (in memory) always, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a
 * scratch database is created and dropped). Goals: first screen < 50 ms on PostgreSQL, < 150 ms on PGlite; the
 * batch < 1 s. Figures go to stdout as JSON; `benchStreams()` hands them to `npm run bench`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { Webhook } from "standardwebhooks";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase, type Database } from "../src/server/db/client";
import { signInThroughDevProvider } from "../src/testing/auth-test-driver";
import { createDirectSession } from "../src/testing/direct-session";
import { resolveStoredStreams } from "../src/server/streams/resolve-stored";
import { createScratchPostgresDatabase, postgresServerUrl } from "../src/testing/test-database";
import { runIfMain } from "../scripts/operator-command";

export const ALIASES = 100_000;
export const NAMES = 20_000;
export const SCREEN = 50;
const BATCH = 1_000;
/** Colleagues whose accounts reported the private aliases; the signed-in user is the first. */
const REPORTERS = 20;
const SOURCE_APPS = ["asana", "gmail", "google_meet_gemini", "jira", "slack", "zoom"];

export interface Timing {
  median_ms: number;
  p95_ms: number;
  runs: number;
}

export interface StreamsBenchResult {
  database: "pglite" | "postgres";
  aliases: number;
  names: number;
  /** Every alias company-wide, as before per-user visibility: the figures decision 0051 recorded. */
  first_screen: Timing;
  middle_screen: Timing;
  /** 80 % of the aliases private, spread over 20 users; the signed-in user is one of them. */
  own_first_screen: Timing;
  own_middle_screen: Timing;
  /** The same data, read by a user who connected nothing (the 20 % company-wide only). */
  unconnected_first_screen: Timing;
  unconnected_middle_screen: Timing;
  /** Reported without a user, as the figures before finding 13; then for the signed-in user (a viewer row each). */
  batch_1000: Timing;
  batch_1000_for_user: Timing;
  /** `npm run streams:resolve` over every stored item (issue 38), once. */
  resolve_all_ms: number;
  streams: number;
  goal_first_screen_ms: number;
  meets_goal: boolean;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median_ms: round(at(0.5)), p95_ms: round(at(0.95)), runs: sorted.length };
}

async function time(runs: number, warmup: number, fn: () => Promise<void>): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

const SYLLABLES = ["ka", "ro", "vin", "te", "lu", "mar", "so", "dex", "pi", "nor", "qua", "zel"];
const TOPICS = [
  "billing",
  "data",
  "customer",
  "partner",
  "mobile",
  "search",
  "payments",
  "identity",
  "pricing",
  "support",
];
const KINDS = [
  "portal",
  "pipeline",
  "migration",
  "rollout",
  "redesign",
  "integration",
  "audit",
  "dashboard",
  "api",
  "launch",
];

/** The i-th of NAMES project names, e.g. "Karovinte billing portal": a code word of its own and a topic. */
export function projectName(i: number): string {
  const word = [0, 1, 2, 3].map((d) => SYLLABLES[Math.floor(i / 12 ** d) % 12]!).join("");
  const topic = i % 100;
  return `${word[0]!.toUpperCase()}${word.slice(1)} ${TOPICS[topic % 10]} ${KINDS[Math.floor(topic / 10)]}`;
}

/** How each app shows a project's name (issue 38): a mail subject, a meeting, a tracker key, a channel. */
export function decorated(name: string, app: string): string {
  switch (app) {
    case "gmail":
      return `RE: ${name} – update`;
    case "google_meet_gemini":
      return `${name} weekly sync`;
    case "jira":
      return `PRJ – ${name}`;
    case "slack":
      return `#${name.toLowerCase().replace(/ /g, "-")}`;
    case "zoom":
      return `Notes: ${name} kickoff`;
    default:
      return name;
  }
}

/**
 * 100,000 aliases over 20,000 projects, each named by several apps their own way, stored as a server before Streams
 * would have (one Stream per raw name); then resolved by `npm run streams:resolve`, timed.
 */
async function fill(db: Database): Promise<{ resolveMs: number; streams: number }> {
  const names = Array.from({ length: NAMES }, (_, i) => projectName(i));
  const raw = SOURCE_APPS.map((app) => names.map((n) => decorated(n, app)));
  await db.orm.execute(sql`
    INSERT INTO pulse.streams (id, name)
    SELECT md5('bench-' || a || '-' || (n - 1))::uuid, r.name
    FROM jsonb_array_elements(${JSON.stringify(raw)}::jsonb) WITH ORDINALITY AS apps(names, a),
         jsonb_array_elements_text(apps.names) WITH ORDINALITY AS r(name, n)`);
  await db.orm.execute(sql`
    INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at, stream_id, plain_name)
    SELECT s.name, (${`{${SOURCE_APPS.join(",")}}`}::text[])[1 + g % ${SOURCE_APPS.length}], 'bench-' || g,
           now() - make_interval(secs => g), s.id, s.name
    FROM generate_series(1, ${ALIASES}) AS g
    JOIN pulse.streams s ON s.id = md5('bench-' || (1 + g % ${SOURCE_APPS.length}) || '-' || (g % ${NAMES}))::uuid`);
  const started = performance.now();
  const summary = await resolveStoredStreams(db);
  const resolveMs = Math.round(performance.now() - started);
  await db.orm.execute(sql`ANALYZE pulse.project_aliases`);
  await db.orm.execute(sql`ANALYZE pulse.streams`);
  await db.orm.execute(sql`ANALYZE pulse.stream_keys`);
  return { resolveMs, streams: summary.streams };
}

/** Makes four aliases in five private, each reported by one of `reporters` (round robin over the names' aliases). */
async function makePrivate(db: Database, reporters: string[]): Promise<void> {
  await db.orm.execute(sql`
    WITH private AS (
      UPDATE pulse.project_aliases SET company_wide = false
      WHERE (substr(external_id, 7)::int) % 5 <> 0
      RETURNING id, raw_name, substr(external_id, 7)::int AS g)
    INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name)
    SELECT p.id, (${`{${reporters.join(",")}}`}::uuid[])[1 + (p.g / 7) % ${reporters.length}], p.raw_name
    FROM private p`);
  await db.orm.execute(sql`ANALYZE pulse.project_aliases`);
  await db.orm.execute(sql`ANALYZE pulse.project_alias_viewers`);
}

async function expectOk(app: FastifyInstance, init: InjectOptions) {
  const res = await app.inject(init);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

async function measure(db: Database, label: StreamsBenchResult["database"]): Promise<StreamsBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-bench-"));
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, COMPANY_DOMAIN: "acme.com", LOG_LEVEL: "silent" }),
    webDir: undefined,
  };
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  try {
    const filled = await fill(db);
    const bench = await signInThroughDevProvider(app, "bench@acme.com");
    // Straight into the database: twenty sign-ins through the provider would meet its per-address rate limit.
    const unconnected = await createDirectSession(db, config, "unconnected@acme.com");
    const screen = (access: string, after?: string) => {
      const query = new URLSearchParams({ limit: String(SCREEN) });
      if (after) query.set("after", after);
      const headers = { authorization: `Bearer ${access}` };
      return async () => {
        await expectOk(app, { method: "GET", url: `/api/streams/candidates?${query}`, headers });
      };
    };
    const [half] = await db.query<{ name: string; id: string }>(
      `SELECT name, id FROM pulse.streams WHERE project_id IS NULL ORDER BY name, id OFFSET ${NAMES / 2} LIMIT 1`,
    );
    const middle = JSON.stringify([half!.name, half!.id]);
    const first_screen = await time(40, 5, screen(bench.access_token));
    const middle_screen = await time(40, 5, screen(bench.access_token, middle));

    const colleagues = [bench.user.id];
    for (let i = 1; i < REPORTERS; i++) {
      colleagues.push((await createDirectSession(db, config, `colleague${i}@acme.com`)).user.id);
    }
    await makePrivate(db, colleagues);
    const own_first_screen = await time(40, 5, screen(bench.access_token));
    const own_middle_screen = await time(40, 5, screen(bench.access_token, middle));
    const unconnected_first_screen = await time(40, 5, screen(unconnected.access_token));
    const unconnected_middle_screen = await time(40, 5, screen(unconnected.access_token, middle));

    const webhook = new Webhook(config.workflow.secret);
    const batch = (externalUserId?: string) => async () => {
      // Half name stored projects as a tool would (they join their Streams), half are new projects.
      const items = Array.from({ length: BATCH }, (_, i) => {
        const app = SOURCE_APPS[i % SOURCE_APPS.length]!;
        const name =
          i % 2 === 0 ? projectName((i * 37) % NAMES) : `${projectName((i * 53) % NAMES)} phase ${i}`;
        return {
          raw_name: decorated(name, app),
          source_app: app,
          external_id: randomUUID(),
          seen_at: new Date().toISOString(),
          participants: [`owner${i % 40}@acme.com`, `lead${i % 7}@acme.com`],
        };
      });
      const payload = JSON.stringify({ type: "streams.discovered", external_user_id: externalUserId, items });
      const id = `msg_${randomUUID()}`;
      const now = new Date();
      await expectOk(app, {
        method: "POST",
        url: "/api/workflows/events",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": webhook.sign(id, now, payload),
        },
        payload,
      });
    };
    const batch_1000 = await time(5, 1, batch());
    const batch_1000_for_user = await time(5, 1, batch(bench.user.id));
    const goal = label === "postgres" ? 50 : 150;
    return {
      database: label,
      aliases: ALIASES,
      names: NAMES,
      first_screen,
      middle_screen,
      own_first_screen,
      own_middle_screen,
      unconnected_first_screen,
      unconnected_middle_screen,
      batch_1000,
      batch_1000_for_user,
      resolve_all_ms: filled.resolveMs,
      streams: filled.streams,
      goal_first_screen_ms: goal,
      meets_goal:
        [first_screen, own_first_screen, unconnected_first_screen].every((t) => t.p95_ms < goal) &&
        Math.max(batch_1000.median_ms, batch_1000_for_user.median_ms) < 1000 &&
        filled.resolveMs < 60_000,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStreams(
  postgresUrl = process.env.BENCH_DATABASE_URL ?? postgresServerUrl(),
): Promise<StreamsBenchResult[]> {
  const results: StreamsBenchResult[] = [];
  const pglite = await openDatabase({});
  try {
    results.push(await measure(pglite, "pglite"));
  } finally {
    await pglite.close();
  }
  if (postgresUrl) {
    const scratch = await createScratchPostgresDatabase(postgresUrl, "pulse_bench");
    const db = await openDatabase({ databaseUrl: scratch.databaseUrl });
    try {
      results.push(await measure(db, "postgres"));
    } finally {
      await db.close();
      await scratch.drop();
    }
  }
  return results;
}

runIfMain(import.meta.url, "bench:streams", async () => {
  const results = await benchStreams();
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  return results.every((r) => r.meets_goal) ? 0 : 1;
});
