import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTORS_ROUTES, connectorPath } from "@shared/connectors";
import { signInThroughDevProvider } from "../../../testing/auth-test-driver";
import { solvedAltchaToken } from "../../../testing/captcha";
import { listenForSockets, TestSocket } from "../../../testing/realtime-test-client";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { WORKFLOW_HOOKS } from "../../config";

const METRICS_TOKEN = "operator-token-0123456789";
const REMOTE = "203.0.113.9";

const env: Record<string, string> = { METRICS_TOKEN, CONTACT_RATE_LIMIT: "1000" };
for (const hook of WORKFLOW_HOOKS)
  env[`WORKFLOW_${hook}_URL`] = `https://hooks.example.net/${hook.toLowerCase()}`;

/** The workflow service: a connect link for connects, 500 for everything else. */
const workflowAnswer = (url: string) =>
  url.endsWith("_connect")
    ? Response.json({ connect_link_url: "https://app.asana.example/connect/abc" })
    : new Response("down", { status: 500 });

let t: TestApp;
let ann: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({
    env,
    workflow: { fetch: async (url) => workflowAnswer(url), sleep: async () => undefined },
  });
  const session = await signInThroughDevProvider(t.app, "ann@acme.com");
  ann = { id: session.user.id, token: session.access_token };
});
afterAll(async () => {
  await t?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Reads the Prometheus text format (0.0.4) strictly: every line is a HELP, a TYPE, blank, or a sample of a family
 * whose TYPE came first (a histogram's `_bucket`, `_sum` and `_count` belong to it). Anything else throws.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
  const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(types.has(type[1]!), `second TYPE for ${type[1]}`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = sampleLine.exec(line);
    if (!sample) throw new Error(`not the Prometheus text format: ${line}`);
    const [, name, labelText = "", valueText] = sample;
    const family = [name!, name!.replace(/_(bucket|sum|count)$/, "")].find((n) => types.has(n));
    if (!family) throw new Error(`a sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (let rest = labelText; rest !== "";) {
      const match = label.exec(rest);
      if (!match) throw new Error(`unreadable labels: ${line}`);
      labels[match[1]!] = match[2]!;
      rest = rest.slice(match[0].length);
    }
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any letter case (prom-client writes `Nan`).
    const special = /^([+-]?)inf(?:inity)?$|^nan$/i.exec(valueText!);
    const value = special
      ? special[0].toLowerCase() === "nan"
        ? NaN
        : special[1] === "-"
          ? -Infinity
          : Infinity
      : Number(valueText);
    if (!special && (valueText === "" || Number.isNaN(value))) throw new Error(`not a number: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(options: Omit<InjectOptions, "method" | "url"> = { remoteAddress: "127.0.0.1" }) {
  const res = await t.app.inject({ method: "GET", url: "/metrics", ...options });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseExposition(res.body);
}

const api = (method: "GET" | "PUT" | "POST", url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${ann.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A contact form exactly as the browser's FormData sends it, with a solved captcha. */
async function contactForm(): Promise<InjectOptions> {
  const form = new FormData();
  const fields = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines Ltd",
    dropdown: "Find out more about Pulse",
    message: "",
    "g-recaptcha-response": await solvedAltchaToken(t.app),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
  return {
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

describe("GET /metrics", () => {
  it("counts real traffic: requests by route template, sessions, sockets, changes, contact, webhooks, statements", async () => {
    const before = await scrape();
    const origin = new URL(t.config.publicUrl).origin;
    const socket = await TestSocket.open(await listenForSockets(t.app), origin);
    try {
      await socket.authAndJoin(ann.token, [{ type: "join", channel: "connectors", user_id: ann.id }]);

      for (let i = 0; i < 3; i++) expect((await api("GET", CONNECTORS_ROUTES.list)).statusCode).toBe(200);
      const slack = connectorPath(CONNECTORS_ROUTES.set, "slack");
      expect((await api("PUT", slack, { is_active: true })).statusCode).toBe(200);
      await socket.next("change", (m) => m.row?.type === "slack");
      expect((await api("GET", "/api/no-such-route")).statusCode).toBe(404);
      expect((await t.app.inject(await contactForm())).statusCode).toBe(200);
      expect((await api("POST", connectorPath(CONNECTORS_ROUTES.connect, "asana"))).statusCode).toBe(200);
      // Disconnect is safe to repeat: three attempts, each counted.
      expect((await api("POST", connectorPath(CONNECTORS_ROUTES.disconnect, "asana"))).statusCode).toBe(502);
      await expect(t.db.query("SELECT no_such_column FROM pulse.connectors")).rejects.toThrow();

      const after = await scrape();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        valueOf(after, name, labels) - valueOf(before, name, labels);

      const duration = "pulse_http_request_duration_seconds_count";
      expect(moved(duration, { method: "GET", route: "/api/connectors", status_class: "2xx" })).toBe(3);
      expect(moved(duration, { method: "PUT", route: "/api/connectors/:type", status_class: "2xx" })).toBe(1);
      expect(moved(duration, { method: "GET", route: "unmatched", status_class: "4xx" })).toBe(1);
      // A route's template, never the URL a client sent.
      expect(after.some((s) => Object.values(s.labels).some((v) => v.includes("slack")))).toBe(false);
      expect(after.some((s) => Object.values(s.labels).some((v) => v.includes("no-such-route")))).toBe(false);

      // The first check of the token reads the database; the next ones come from the cache.
      expect(moved("pulse_session_cache_lookups_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
      expect(moved("pulse_session_cache_lookups_total", { result: "hit" })).toBeGreaterThanOrEqual(3);

      expect(valueOf(after, "pulse_realtime_sockets")).toBe(1);
      expect(valueOf(after, "pulse_realtime_sockets_unauthenticated")).toBe(0);
      expect(valueOf(after, "pulse_realtime_channels_joined")).toBe(1);
      expect(valueOf(after, "pulse_realtime_users")).toBe(1);
      expect(moved("pulse_realtime_notify_to_send_seconds_count")).toBe(1);
      expect(moved("pulse_realtime_notify_to_send_seconds_sum")).toBeGreaterThan(0);

      expect(moved("pulse_contact_submissions_stored_total")).toBe(1);
      expect(moved("pulse_workflow_webhook_calls_total", { hook: "ASANA_CONNECT", outcome: "ok" })).toBe(1);
      expect(
        moved("pulse_workflow_webhook_calls_total", { hook: "ASANA_DISCONNECT", outcome: "http_error" }),
      ).toBe(3);
      expect(moved("pulse_db_statement_errors_total")).toBeGreaterThanOrEqual(1);

      // The pool is node-postgres's (DATABASE_URL); PGlite has none to report.
      const pool = after.find((s) => s.name === "pulse_db_pool_clients");
      if (t.db.kind === "postgres") expect(pool?.value).toBeGreaterThanOrEqual(1);
      else expect(pool).toBeUndefined();
      // Node's own, from this instance's registry.
      expect(valueOf(after, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(valueOf(after, "nodejs_heap_size_total_bytes")).toBeGreaterThan(0);
    } finally {
      socket.close();
      await socket.closed;
    }
    await expect
      .poll(async () => valueOf(await scrape(), "pulse_realtime_sockets"), { timeout: 5_000 })
      .toBe(0);
  });

  it("answers a remote peer, or a loopback one a proxy speaks for, as a path that does not exist", async () => {
    const missing = await t.app.inject({ url: "/metricz", remoteAddress: REMOTE });
    expect(missing.statusCode).toBe(404);
    for (const options of [
      { remoteAddress: REMOTE },
      { remoteAddress: REMOTE, headers: { authorization: `Bearer ${METRICS_TOKEN}x` } },
      { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "198.51.100.4" } },
    ]) {
      const res = await t.app.inject({ url: "/metrics", ...options });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "not_found", message: "No route for GET /metrics" } });
      expect(res.json()).toEqual({
        error: {
          ...missing.json().error,
          message: missing.json().error.message.replace("/metricz", "/metrics"),
        },
      });
    }
    const withToken = await scrape({
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.length).toBeGreaterThan(0);
  });

  it("keeps each app's metrics in its own registry: a second app in this process starts from zero", async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
      expect(res.statusCode).toBe(200);
      const samples = parseExposition(res.body);
      expect(valueOf(samples, "pulse_contact_submissions_stored_total")).toBe(0);
      expect(valueOf(samples, "pulse_http_request_duration_seconds_count")).toBe(0);
    } finally {
      await other.close();
    }
  });
});
