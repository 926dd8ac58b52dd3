/**
 * npm run seed — sample Streams for a running Pulse server (issue #11).
 *
 *   npm start            # or npm run dev, in another terminal
 *   npm run seed         # posts sample streams.discovered events; sign in and open /projects
 *
 * It posts signed `streams.discovered` events through the server's own endpoint (POST /api/workflows/events), the
 * way the workflow service does in production: Standard Webhooks with WORKFLOW_SECRET, which in development is
 * the secret generated into DATA_DIR (so run it with the server's DATA_DIR and PORT). It never opens the database.
 * The samples have fixed external ids: running it again adds nothing. `--url <origin>` posts elsewhere.
 * A user profile is made by signing in; creating a PulseMap needs one.
 *
 * The event names no `external_user_id`: the samples are no one's own discoveries, and an item reported without a
 * user is seen by every company user (ARCHITECTURE §5), so a fresh user has candidates to try the page with. What a
 * user's own connectors report is theirs alone, as the development simulator's syncs show.
 */
import { randomUUID } from "node:crypto";
import { ConfigError, loadConfig } from "../src/server/config";
import { signEvent } from "../src/server/workflows/signature";
import { processIo, runIfMain, type Io } from "./operator-command";

export interface SampleItem {
  raw_name: string;
  source_app: string;
  external_id: string;
  seen_at: string;
  participants?: string[];
  context?: string;
}

const WEB_TEAM = ["dana@acme.com", "lee@acme.com", "kim@acme.com", "ravi@acme.com"];
const FINANCE = ["mo@acme.com", "dana@acme.com", "ines@acme.com"];
const MOBILE = ["sam@acme.com", "lee@acme.com", "jo@acme.com"];
const ONBOARDING = ["ines@acme.com", "kim@acme.com", "pat@acme.com"];

/**
 * Discoveries named as the tools really name things (issue 38): mail subjects, channel slugs, tracker keys, meeting
 * titles, file names, from several tools with their participants, so the Streams page shows one candidate per
 * project; confusable siblings (Q3 / Q4 budget review, customer / employee onboarding) that must stay apart; generic
 * work that is no project; an app the page does not know (shown as plain text); and an empty name.
 */
export function sampleDiscoveries(now = new Date()): SampleItem[] {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const rows: [string, string, string, number, string[]?, string?][] = [
    // The nine names of one project.
    [
      "RE: Website relaunch – timeline",
      "gmail",
      "18c2f0a9b1d3e401",
      12,
      WEB_TEAM,
      "Can we move the launch date?",
    ],
    ["Fwd: Website Relaunch deck", "gmail", "18c2f0a9b1d3e402", 11, WEB_TEAM],
    ["Website Relaunch weekly sync", "google_meet_gemini", "meet-abc-defg-hij", 10, WEB_TEAM],
    ["Notes: Website relaunch kickoff", "zoom", "83456789012", 10, WEB_TEAM],
    ["#website-relaunch", "slack", "C024BE91L", 9, WEB_TEAM, "Launching the new site in Q2"],
    ["WEB – Website Relaunch", "jira", "WEB", 9, ["dana@acme.com"], "Jira project WEB"],
    ["Website Relaunch 2026", "asana", "1203456789012345", 8, WEB_TEAM],
    ["Website relaunch – PRD", "google_docs", "1AbCdEfGhIjKlMnOpQrStUv", 7, WEB_TEAM],
    ["Website relaunch budget.xlsx", "google_sheets", "1ZyXwVuTsRqPoNmLkJiHgFe", 6, FINANCE],
    // Two periods of the same work: never one candidate.
    ["Q3 budget review", "google_meet_gemini", "meet-q3b-udge-trv", 6, FINANCE],
    ["RE: Q3 budget review – numbers", "gmail", "18c2f0a9b1d3e4f5", 5, FINANCE],
    ["Q4 budget review", "google_meet_gemini", "meet-q4b-udge-trv", 2, FINANCE],
    ["Q4 budget review.xlsx", "google_sheets", "1Q4bUdGeTrEvIeW", 2, FINANCE],
    // Two audiences.
    ["Customer onboarding revamp", "asana", "1203456789012399", 4, ONBOARDING],
    ["Customer Onboarding Revamp – kickoff", "zoom", "83456789013", 4, ONBOARDING],
    ["#customer-onboarding-revamp", "slack", "C024BE91M", 3, ONBOARDING],
    ["Employee onboarding", "notion", "b1c2d3e4f5a6", 3, ["pat@acme.com", "hr@acme.com"]],
    // One project across its tracker, chat and meetings.
    ["MOB – Mobile app beta", "jira", "MOB", 3, MOBILE, "Jira project MOB"],
    ["#proj-mobile-app-beta", "slack", "C024BE91N", 2, MOBILE],
    ["Mobile app beta standup", "zoom", "83456789099", 2, MOBILE],
    ["[External] Vendor contract renewal", "salesforce", "0065g00000ABCDE", 1, ["legal@acme.com"]],
    // Generic work, no project: each stays on its own.
    ["Weekly team sync", "google_meet_gemini", "meet-wee-klyt-eam", 1, WEB_TEAM],
    ["1:1 Dana / Lee", "zoom", "83456789100", 1, ["dana@acme.com", "lee@acme.com"]],
    ["", "gmail", "18c2f0a9b1d3e4ff", 1],
  ];
  return rows.map(([raw_name, source_app, external_id, daysAgo, participants, context]) => ({
    raw_name,
    source_app,
    external_id,
    seen_at: at(daysAgo),
    ...(participants ? { participants } : {}),
    ...(context ? { context } : {}),
  }));
}

/** Posts one signed `streams.discovered` event, for no user (company-wide); resolves to the server's answer. */
export async function postDiscoveries(
  origin: string,
  secret: string,
  items: SampleItem[],
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify({ type: "streams.discovered", items });
  const res = await fetch(new URL("/api/workflows/events", origin), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signEvent(secret, payload, { id: `msg_seed_${randomUUID()}` }),
    },
    body: payload,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: report the text
  }
  return { status: res.status, body };
}

export async function seed(argv: string[], env: NodeJS.ProcessEnv = process.env, io: Io = processIo) {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`seed: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const urlAt = argv.indexOf("--url");
  const origin = urlAt >= 0 ? argv[urlAt + 1] : `http://${config.host}:${config.port}`;
  if (!origin) {
    io.err("Usage: npm run seed -- [--url <origin>]");
    return 2;
  }
  const items = sampleDiscoveries();
  let answer;
  try {
    answer = await postDiscoveries(origin, config.workflow.secret, items);
  } catch (err) {
    io.err(
      `seed: no Pulse server answered at ${origin} (${err instanceof Error ? err.message : String(err)}).`,
    );
    io.err("Start one first (npm start or npm run dev), with the same DATA_DIR and PORT.");
    return 1;
  }
  if (answer.status !== 200) {
    io.err(`seed: the server refused the event (${answer.status}): ${JSON.stringify(answer.body)}`);
    return 1;
  }
  const { inserted } = answer.body as { inserted?: number };
  io.out(`Posted ${items.length} sample discoveries to ${origin}; ${inserted ?? 0} were new.`);
  io.out(
    "They are company-wide: any company user can sign in and open /projects to see them under New Items.",
  );
  return 0;
}

runIfMain(import.meta.url, "seed", (argv) => seed(argv));
