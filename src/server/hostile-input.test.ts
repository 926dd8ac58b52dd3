import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { CONNECTOR_TYPES, CONTACT_REASONS } from "@shared/constants";
import { CONNECTORS_ROUTES } from "@shared/connectors";
import { CONTACT_FIELDS, reasonAcceptsResume } from "@shared/contact";
import { STREAMS_ROUTES, streamsPath } from "@shared/streams";
import { solveToToken } from "../testing/captcha";
import type { Challenge } from "altcha-lib";
import { samplePdf } from "../testing/contact-files";
import { createDirectSession } from "../testing/direct-session";
import { createTestApp, type TestApp } from "../testing/test-app";
import { WORKFLOW_EVENTS_ROUTE } from "./workflows/routes";

/**
 * Hostile input (issue #14 item 4): property-based requests against every route under /api — random, boundary and
 * type-confused bodies and queries, huge strings, unicode, prototype-pollution keys, random headers, and valid bodies
 * with a U+0000 inside one string (PostgreSQL cannot store it: issue 20 finding 10) — and for each response: never a
 * 5xx, never a stack trace, a `{ error: { code, message } }` body on every refusal, the security headers on every
 * answer, and a refusal changes no table. `ROUTES` below is the one table: a new route is one entry, and the last
 * test fails until every registered route under /api, /functions and /realtime has one.
 *
 * FAST_CHECK_RUNS sets the cases per route: 100 by default (22 routes: 2,200 cases, about a minute), 500 for the full
 * run of 11,000 cases (`FAST_CHECK_RUNS=500 npx vitest run src/server/hostile-input.test.ts`);
 * FAST_CHECK_SEED replays a failure (fast-check prints the seed and path when a property fails).
 */

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 100);
const SEED = process.env.FAST_CHECK_SEED ? Number(process.env.FAST_CHECK_SEED) : undefined;

// ——— Generators ———————————————————————————————————————————————————————————————————————————————————————————————

const POLLUTION_KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf"];

/** Strings at the edges: empty, blank, control characters, lone surrogates, RTL, emoji, SQL and HTML, huge. */
const boundaryString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\udfff",
    "\u202e\u0041",
    "👩‍👩‍👧‍👦",
    "'; DROP TABLE pulse.projects; --",
    "<script>alert(1)</script>",
    "%00",
    "../../etc/passwd",
    "null",
    "undefined",
    "NaN",
    "-0",
    "1e309",
    "00000000-0000-0000-0000-000000000000",
    "__proto__",
  ),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 64 }),
  // Huge strings: up to 1.2 MB, past the 1 MB body limit, built cheaply.
  fc
    .tuple(fc.constantFrom("a", "é", "𝕏", "\u0000", " "), fc.integer({ min: 256, max: 1_200_000 }))
    .map(([c, n]) => c.repeat(Math.ceil(n / c.length))),
);

const boundaryNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, weighted towards the confusing ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    boundaryString,
    boundaryNumber,
    fc.constantFrom(null, true, false),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 8 })), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

type JsonPath = (string | number)[];

/** The path of every string inside a JSON value. */
function stringPaths(value: unknown, path: JsonPath = []): JsonPath[] {
  if (typeof value === "string") return [path];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    stringPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/**
 * A valid body with U+0000 put somewhere inside one of its strings: past the type checks, so it reaches what stores
 * the string unless something refuses it first (issue 20 finding 10).
 */
function nulInside<T extends object>(valid: T): fc.Arbitrary<T> {
  return fc.tuple(fc.constantFrom(...stringPaths(valid)), fc.nat()).map(([path, at]) => {
    const copy = structuredClone(valid);
    let parent = copy as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const key = path.at(-1)!;
    const text = parent[key] as string;
    const i = at % (text.length + 1);
    parent[key] = `${text.slice(0, i)}\u0000${text.slice(i)}`;
    return copy;
  });
}

/**
 * A JSON object text with the route's keys (sometimes missing, sometimes duplicated) holding hostile values, plus
 * prototype-pollution keys written as own keys — JSON.stringify cannot write `"__proto__"` of an object literal.
 */
function jsonObjectText(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keys, ...POLLUTION_KEYS), fc.string({ maxLength: 12 }));
  const entry = fc.tuple(key, hostileValue);
  return fc
    .array(entry, { maxLength: keys.length + 3 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`);
}

/** A body the route roughly expects (its keys, type-confused values), any JSON at all, or text that is not JSON. */
function jsonBody(keys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: jsonObjectText(keys) },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "[",
        '{"a":',
        "nul",
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        "\ufeff{}",
        '{"a":1}garbage',
        "[".repeat(10_000),
        // Well-formed and small, but nested past the parser's depth limit (issue 37 item 2).
        "[".repeat(100) + "]".repeat(100),
        '{"a":'.repeat(100) + "1" + "}".repeat(100),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  );
}

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/vnd.api+json",
      "",
      "*/*",
    ),
  },
);

/** encodeURIComponent throws on lone surrogates; the raw bytes of one are sent through the percent forms instead. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A query string with the route's parameters and others: hostile values, sometimes broken percent-encoding. */
function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    boundaryString.map((s) =>
      encodeURIComponent(s.slice(0, 4000).replace(LONE_SURROGATE, "\ufffd")).replace(/%20/g, "+"),
    ),
    boundaryNumber.map(String),
    fc.constantFrom("%", "%E0%A4%A", "%00", "%ZZ", "a%2", "[]", "1&1", "%F0%9F%98"),
  );
  const key = fc.oneof(
    fc.constantFrom(...keys, ...POLLUTION_KEYS, "a[b]", "a[]"),
    fc.string({ maxLength: 6 }),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: keys.length + 2 })
    .map((pairs) =>
      pairs.length === 0
        ? ""
        : `?${pairs.map(([k, v]) => `${encodeURIComponent(k.replace(LONE_SURROGATE, "\ufffd"))}=${v}`).join("&")}`,
    );
}

/** Header names and values Node accepts on the wire, random otherwise. */
const randomHeaders = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      "content-type",
      "content-length",
      "transfer-encoding",
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
      "authorization",
      "x-forwarded-for",
      "cookie",
      "accept",
    ),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
  ),
  fc.oneof(
    fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
    fc.constantFrom("", "0", "-1", "99999999999999999999", "v1,", "v1,AAAA", "chunked"),
  ),
  { maxKeys: 4 },
);

// ——— The route table ————————————————————————————————————————————————————————————————————————————————————————

interface Context {
  t: TestApp;
  token: string;
  userId: string;
  /** Alias ids that exist, so some creates succeed and a success is checked too. */
  aliasIds: string[];
  /** Corrections that exist (issue 38), so some undos succeed. */
  correctionIds: string[];
  /** Captcha challenges fetched so far (each from its own address). */
  challenges: number;
}

interface HostileRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** How the generated request authenticates: not at all, a company user's bearer token, or a valid signature. */
  auth: "none" | "user" | "signed";
  /** The request (everything but method and path); built from the shared context when it needs one. */
  request: (ctx: Context) => fc.Arbitrary<Omit<InjectOptions, "method">>;
}

/** A JSON body as `jsonBody` makes them, or — when the route's `valid` body is given — that body with a U+0000. */
const jsonPost =
  (path: string, keys: readonly string[], valid?: Record<string, unknown>) =>
  (): fc.Arbitrary<Omit<InjectOptions, "method">> => {
    const hostile = fc
      .record({ body: jsonBody(keys), type: contentType, headers: randomHeaders })
      .map(({ body, type, headers }) => ({
        url: path,
        headers: { ...headers, "content-type": type },
        payload: body,
      }));
    if (!valid) return hostile;
    return fc.oneof(
      { weight: 3, arbitrary: hostile },
      nulInside(valid).map((body) => ({
        url: path,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      })),
    );
  };

const getWithQuery =
  (path: string, keys: readonly string[]) => (): fc.Arbitrary<Omit<InjectOptions, "method">> =>
    queryString(keys).map((q) => ({ url: `${path}${q}` }));

/** Headers of a valid Standard Webhooks signature of `body`, sent `skewSeconds` from now. */
function signatureHeaders(ctx: Context, body: string, skewSeconds = 0): Record<string, string> {
  const id = `msg_${randomUUID()}`;
  const at = new Date(Date.now() + skewSeconds * 1000);
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(ctx.t.config.workflow.secret).sign(id, at, body),
  };
}

/** Events of every type that stores strings, valid but for a U+0000 in one string, signed and on time. */
function nulEvent(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const discovered = {
    type: "streams.discovered",
    external_user_id: ctx.userId,
    items: [
      { raw_name: "Apollo", source_app: "jira", external_id: "NUL-1", seen_at: "2026-01-05T10:00:00Z" },
      {
        raw_name: "Gemini",
        source_app: "asana",
        external_id: "NUL-2",
        seen_at: "2026-01-05T10:00:00Z",
        participants: ["dana@acme.com"],
        context: "Asana project",
      },
    ],
  };
  const projects = {
    type: "identity.projects",
    external_user_id: ctx.userId,
    provider: "asana",
    projects: [
      { gid: "1201", name: "Roadmap" },
      { gid: "1202", name: "Launch" },
    ],
  };
  const { external_user_id: _forEveryone, ...companyWide } = discovered;
  return fc.oneof(nulInside(discovered), nulInside(companyWide), nulInside(projects)).map((event) => {
    const body = JSON.stringify(event);
    return { url: WORKFLOW_EVENTS_ROUTE, headers: signatureHeaders(ctx, body), payload: body };
  });
}

/**
 * A signed workflow event: valid Standard Webhooks signature over a random body, random extra headers; or a valid
 * event but for a U+0000 (`nulEvent`).
 */
function signedEvent(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const eventBody = fc.oneof(
    jsonBody(["type", "items"]),
    fc
      .record(
        {
          type: fc.oneof(fc.constant("streams.discovered"), boundaryString),
          // The reporting user (seen only by them), one Pulse does not know (422), hostile, or none (company-wide).
          external_user_id: fc.oneof(fc.constant(ctx.userId), fc.uuid().map(String), hostileValue),
          items: fc.oneof(
            hostileValue,
            fc.array(
              fc.record(
                {
                  raw_name: fc.oneof(
                    fc.string({ unit: "grapheme", maxLength: 40 }),
                    boundaryString,
                    hostileValue,
                  ),
                  source_app: fc.oneof(fc.constantFrom("jira", "slack", "asana"), hostileValue),
                  external_id: fc.oneof(fc.uuid().map(String), hostileValue),
                  seen_at: fc.oneof(fc.constant("2026-01-05T10:00:00Z"), hostileValue),
                  // Issue 38's optional fields: addresses or not, up to 50 and past it; context up to 500 and past it.
                  participants: fc.oneof(
                    fc.array(fc.oneof(fc.emailAddress(), boundaryString), { maxLength: 60 }),
                    hostileValue,
                  ),
                  context: fc.oneof(fc.string({ unit: "grapheme", maxLength: 520 }), hostileValue),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 5 },
            ),
          ),
        },
        { requiredKeys: ["type", "items"] },
      )
      .map((event) => JSON.stringify(event)),
  );
  const signed = fc
    .record({
      body: eventBody,
      headers: randomHeaders,
      validOnTop: fc.boolean(),
      skewSeconds: fc.oneof(fc.constant(0), fc.integer({ min: -100_000, max: 100_000 })),
    })
    .map(({ body, headers, validOnTop, skewSeconds }) => {
      const valid = signatureHeaders(ctx, body, skewSeconds);
      // Half the cases put the random headers under the valid ones (the body is what is hostile), half over them.
      return {
        url: WORKFLOW_EVENTS_ROUTE,
        headers: validOnTop ? { ...headers, ...valid } : { ...valid, ...headers },
        payload: body,
      };
    });
  return fc.oneof({ weight: 3, arbitrary: signed }, nulEvent(ctx));
}

/** A solved captcha; each challenge from its own address, past the 60-a-minute challenge limit of one. */
async function solvedCaptcha(ctx: Context): Promise<string> {
  ctx.challenges += 1;
  const res = await ctx.t.app.inject({
    url: "/api/captcha/challenge",
    remoteAddress: `10.${(ctx.challenges >> 16) & 255}.${(ctx.challenges >> 8) & 255}.${ctx.challenges & 255}`,
  });
  return solveToToken(res.json<Challenge>());
}

/** POST /api/contact's request for `form`, encoded as a browser does. */
async function contactRequest(form: FormData): Promise<Omit<InjectOptions, "method">> {
  const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
  return {
    url: "/api/contact",
    headers: { "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/**
 * Multipart bodies as browsers send them, with hostile fields and files, or broken multipart; or a complete
 * submission with a solved captcha, valid but for a U+0000 in one field or in the resume's file name.
 */
function contactForm(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const fieldNames = [...Object.values(CONTACT_FIELDS), ...POLLUTION_KEYS];
  const field = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, fc.string({ maxLength: 120 })),
    fc.oneof(
      boundaryString.map((s) => s.slice(0, 40_000)),
      fc.constantFrom(...CONTACT_REASONS, "ada@example.com", "Ada"),
    ),
  );
  const file = fc.record({
    field: fc.constantFrom("resume", "resume", "other"),
    name: fc.oneof(
      fc.constantFrom("cv.pdf", "cv.docx", "cv.exe", "", "../../cv.pdf"),
      fc.string({ maxLength: 40 }),
    ),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
      fc.constant(samplePdf()),
    ),
  });
  const wellFormed = fc
    .record({
      fields: fc.array(field, { maxLength: 10 }),
      files: fc.array(file, { maxLength: 2 }),
      // Some cases carry a real captcha solution, so the checks after the captcha are reached too.
      solved: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    })
    .map(async ({ fields, files, solved }) => {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      if (solved) form.set(CONTACT_FIELDS.captcha, await solvedCaptcha(ctx));
      for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)]), f.name);
      return contactRequest(form);
    });
  const withNul = fc
    .constantFrom(...CONTACT_REASONS)
    .chain((reason) =>
      nulInside<Record<string, string>>({
        [CONTACT_FIELDS.firstName]: "Ada",
        [CONTACT_FIELDS.lastName]: "Lovelace",
        [CONTACT_FIELDS.email]: "ada@example.com",
        [CONTACT_FIELDS.company]: "Analytical Engines",
        [CONTACT_FIELDS.message]: "Hello",
        // The resume's file name, for the reason that takes one.
        ...(reasonAcceptsResume(reason) ? { [CONTACT_FIELDS.resume]: "cv.pdf" } : {}),
      }).map((fields) => ({ reason, fields })),
    )
    .map(async ({ reason, fields: { [CONTACT_FIELDS.resume]: resumeName, ...fields } }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(CONTACT_FIELDS.reason, reason);
      form.append(CONTACT_FIELDS.captcha, await solvedCaptcha(ctx));
      if (resumeName !== undefined) {
        form.append(CONTACT_FIELDS.resume, new Blob([new Uint8Array(samplePdf())]), resumeName);
      }
      return contactRequest(form);
    });
  const broken = fc
    .record({
      boundary: fc.constantFrom("x", "", "----a", '"q"'),
      body: fc.oneof(
        fc.string({ unit: "binary", maxLength: 400 }),
        fc.constantFrom("--x\r\n", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', "--x--"),
      ),
    })
    .map(({ boundary, body }) =>
      Promise.resolve({
        url: "/api/contact",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: body,
      }),
    );
  // The request is built asynchronously (captcha solving); `check` awaits it.
  return fc.oneof({ weight: 3, arbitrary: wellFormed }, broken, withNul) as unknown as fc.Arbitrary<
    Omit<InjectOptions, "method">
  >;
}

function createProject(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const aliasId = fc.oneof(fc.constantFrom(...ctx.aliasIds), fc.uuid().map(String), hostileValue);
  return fc.oneof(
    jsonPost(STREAMS_ROUTES.projects, ["alias_id"])(),
    fc.record({ alias_id: aliasId, extra: fc.option(hostileValue) }).map(({ alias_id, extra }) => ({
      url: STREAMS_ROUTES.projects,
      headers: { "content-type": "application/json" },
      payload: `{"alias_id":${JSON.stringify(alias_id) ?? "null"}${extra === null ? "" : `,"__proto__":${JSON.stringify(extra) ?? "null"}`}}`,
    })),
  );
}

/** A Streams route's path (issue 38) with a known id, an unknown uuid or a hostile string in its one parameter. */
function streamsIdRequest(route: string, known: (ctx: Context) => string[]) {
  return (ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> =>
    fc
      .record({
        id: fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...known(ctx)) },
          fc.uuid().map(String),
          boundaryString.map((t) => t.slice(0, 300).replace(LONE_SURROGATE, "\ufffd")),
        ),
        query: queryString([]),
        headers: randomHeaders,
      })
      .map(({ id, query, headers }) => ({
        url: `${streamsPath(route, id || " ")}${query}`,
        headers,
      }));
}

/** "Not this project": an existing item, an unknown one or a hostile value, in a JSON body or a broken one. */
function createCorrection(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const itemId = fc.oneof(fc.constantFrom(...ctx.aliasIds), fc.uuid().map(String), hostileValue);
  return fc.oneof(
    jsonPost(STREAMS_ROUTES.corrections, ["item_id"])(),
    fc.record({ item_id: itemId, extra: fc.option(hostileValue) }).map(({ item_id, extra }) => ({
      url: STREAMS_ROUTES.corrections,
      headers: { "content-type": "application/json" },
      payload: `{"item_id":${JSON.stringify(item_id) ?? "null"}${extra === null ? "" : `,"__proto__":${JSON.stringify(extra) ?? "null"}`}}`,
    })),
  );
}

/** A connector route's path with a known type or a hostile one in `:type`, and maybe a hostile JSON body. */
function connectorRequest(route: string, keys: readonly string[]) {
  return (): fc.Arbitrary<Omit<InjectOptions, "method">> =>
    fc
      .record({
        type: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...CONNECTOR_TYPES) },
          boundaryString.map((t) => encodeURIComponent(t.slice(0, 300).replace(LONE_SURROGATE, "\ufffd"))),
        ),
        body: fc.option(jsonBody(keys)),
        type_: contentType,
        headers: randomHeaders,
      })
      .map(({ type, body, type_, headers }) => ({
        url: route.replace(":type", type || "%20"),
        headers: body === null ? headers : { ...headers, "content-type": type_ },
        ...(body === null ? {} : { payload: body }),
      }));
}

/** SPEC §7's save of the Asana preferences: sometimes the token's own user id, so the checks after it are reached. */
function saveAsanaPreferences(ctx: Context): fc.Arbitrary<Omit<InjectOptions, "method">> {
  const valid = { user_id: ctx.userId, sync_all: false, selected_project_ids: ["1201", "1202"] };
  return fc.oneof(
    nulInside(valid).map((body) => ({
      url: CONNECTORS_ROUTES.saveAsanaPreferences,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    })),
    jsonPost(CONNECTORS_ROUTES.saveAsanaPreferences, ["user_id", "sync_all", "selected_project_ids"])(),
    fc
      .record({
        sync_all: fc.oneof(fc.boolean(), hostileValue),
        selected_project_ids: fc.oneof(
          fc.array(fc.oneof(boundaryString, fc.uuid().map(String)), { maxLength: 20 }),
          hostileValue,
        ),
      })
      .map((body) => ({
        url: CONNECTORS_ROUTES.saveAsanaPreferences,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ user_id: ctx.userId, ...body }),
      })),
  );
}

/** The realtime socket's path as a plain request or a bare upgrade attempt, with random origins and headers. */
const realtimeRequest = (): fc.Arbitrary<Omit<InjectOptions, "method">> =>
  fc
    .record({
      query: queryString(["token", "access_token"]),
      origin: fc.oneof(
        fc.constantFrom("http://localhost:3000", "https://evil.example", "null", ""),
        boundaryString.map((o) => o.slice(0, 80).replace(/[^\x20-\x7e]/g, "?")),
      ),
      upgrade: fc.boolean(),
      headers: randomHeaders,
    })
    .map(({ query, origin, upgrade, headers }) => ({
      url: `/realtime${query}`,
      headers: {
        ...headers,
        origin,
        ...(upgrade
          ? {
              connection: "Upgrade",
              upgrade: "websocket",
              "sec-websocket-version": "13",
              "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
            }
          : {}),
      },
    }));

const ROUTES: HostileRoute[] = [
  { method: "GET", path: "/api/config", auth: "none", request: getWithQuery("/api/config", []) },
  {
    method: "GET",
    path: "/api/captcha/challenge",
    auth: "none",
    request: getWithQuery("/api/captcha/challenge", []),
  },
  { method: "POST", path: "/api/contact", auth: "none", request: contactForm },
  {
    method: "POST",
    path: AUTH_ROUTES.start,
    auth: "none",
    request: jsonPost(AUTH_ROUTES.start, ["code_challenge", "code_challenge_method", "redirect_to"], {
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      redirect_to: "http://localhost:3000/projects",
    }),
  },
  {
    method: "GET",
    path: AUTH_ROUTES.callback,
    auth: "none",
    request: getWithQuery(AUTH_ROUTES.callback, ["code", "state", "iss", "error", "error_description"]),
  },
  {
    method: "POST",
    path: AUTH_ROUTES.token,
    auth: "none",
    request: jsonPost(AUTH_ROUTES.token, ["code", "code_verifier"], {
      code: "a-sign-in-code-of-some-length",
      code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    }),
  },
  {
    method: "POST",
    path: AUTH_ROUTES.refresh,
    auth: "none",
    request: jsonPost(AUTH_ROUTES.refresh, ["refresh_token"], {
      refresh_token: "a-refresh-token-of-some-length",
    }),
  },
  { method: "GET", path: AUTH_ROUTES.user, auth: "user", request: getWithQuery(AUTH_ROUTES.user, []) },
  {
    method: "POST",
    path: AUTH_ROUTES.signOut,
    auth: "none",
    request: jsonPost(AUTH_ROUTES.signOut, ["refresh_token"], {
      refresh_token: "a-refresh-token-of-some-length",
    }),
  },
  { method: "POST", path: WORKFLOW_EVENTS_ROUTE, auth: "signed", request: signedEvent },
  {
    method: "GET",
    path: STREAMS_ROUTES.candidates,
    auth: "user",
    request: getWithQuery(STREAMS_ROUTES.candidates, ["limit", "after"]),
  },
  {
    method: "GET",
    path: STREAMS_ROUTES.projects,
    auth: "user",
    request: getWithQuery(STREAMS_ROUTES.projects, ["limit"]),
  },
  { method: "POST", path: STREAMS_ROUTES.projects, auth: "user", request: createProject },
  {
    method: "GET",
    path: STREAMS_ROUTES.candidateItems,
    auth: "user",
    request: streamsIdRequest(STREAMS_ROUTES.candidateItems, (ctx) => ctx.aliasIds),
  },
  {
    method: "GET",
    path: STREAMS_ROUTES.projectItems,
    auth: "user",
    request: streamsIdRequest(STREAMS_ROUTES.projectItems, (ctx) => ctx.aliasIds),
  },
  { method: "POST", path: STREAMS_ROUTES.corrections, auth: "user", request: createCorrection },
  {
    method: "DELETE",
    path: STREAMS_ROUTES.correction,
    auth: "user",
    request: streamsIdRequest(STREAMS_ROUTES.correction, (ctx) => ctx.correctionIds),
  },
  {
    method: "GET",
    path: CONNECTORS_ROUTES.list,
    auth: "user",
    request: getWithQuery(CONNECTORS_ROUTES.list, []),
  },
  {
    method: "PUT",
    path: CONNECTORS_ROUTES.set,
    auth: "user",
    request: connectorRequest(CONNECTORS_ROUTES.set, ["is_active"]),
  },
  {
    method: "POST",
    path: CONNECTORS_ROUTES.connect,
    auth: "user",
    request: connectorRequest(CONNECTORS_ROUTES.connect, []),
  },
  {
    method: "POST",
    path: CONNECTORS_ROUTES.disconnect,
    auth: "user",
    request: connectorRequest(CONNECTORS_ROUTES.disconnect, []),
  },
  {
    method: "POST",
    path: CONNECTORS_ROUTES.sync,
    auth: "user",
    request: connectorRequest(CONNECTORS_ROUTES.sync, ["kind"]),
  },
  {
    method: "GET",
    path: CONNECTORS_ROUTES.asanaProjects,
    auth: "user",
    request: getWithQuery(CONNECTORS_ROUTES.asanaProjects, []),
  },
  {
    method: "GET",
    path: CONNECTORS_ROUTES.asanaPreferences,
    auth: "user",
    request: getWithQuery(CONNECTORS_ROUTES.asanaPreferences, []),
  },
  {
    method: "POST",
    path: CONNECTORS_ROUTES.saveAsanaPreferences,
    auth: "user",
    request: saveAsanaPreferences,
  },
  { method: "GET", path: "/realtime", auth: "none", request: realtimeRequest },
];

// ——— The checks ———————————————————————————————————————————————————————————————————————————————————————————————

/** Tables a refused request must leave as they were (rate-limit hits are counted on purpose, refusal or not). */
const COUNTED_TABLES = [
  "auth.users",
  "auth.identities",
  "auth.sessions",
  "auth.refresh_tokens",
  "auth.sign_in_flows",
  "auth.one_time_codes",
  "pulse.user_profiles",
  "pulse.connectors",
  "pulse.user_identities",
  "pulse.project_sync_preferences",
  "pulse.projects",
  "pulse.project_aliases",
  "pulse.project_alias_viewers",
  "pulse.streams",
  "pulse.stream_keys",
  "pulse.stream_corrections",
  "pulse.stream_cannot_link",
  "pulse.contact_submissions",
  "pulse.captcha_used_tokens",
  "pulse.workflow_event_ids",
];

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const [row] = await t.db.query<Record<string, string>>(
    `SELECT ${COUNTED_TABLES.map((table, i) => `(SELECT count(*) FROM ${table}) AS t${i}`).join(", ")}`,
  );
  return Object.fromEntries(COUNTED_TABLES.map((table, i) => [table, Number(row![`t${i}`])]));
}

/** Node's and V8's stack frame shapes, and paths that only a leaked trace or error would show. */
const STACK_TRACE = /\n\s+at .+[:(]\d+:\d+\)?|node_modules\/|\/src\/server\/|\bError: .+\n\s+at\b/;

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

function checkResponse(route: HostileRoute, res: LightMyRequestResponse): void {
  const where = `${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(STACK_TRACE);
  expect(res.headers["content-security-policy"], where).toMatch(/frame-ancestors 'none'/);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], where).toBe(value);
  if (res.statusCode >= 400) {
    const body = res.json<{ error?: { code?: unknown; message?: unknown } }>();
    expect(typeof body.error?.code, where).toBe("string");
    expect(typeof body.error?.message, where).toBe("string");
  }
}

/**
 * The development workflow simulator answers connector webhooks and posts its signed events back a moment later:
 * those writes belong to an earlier accepted request, so every count waits for it to be idle.
 */
async function simulatorSettled(): Promise<void> {
  await (ctx.t.app as { workflowSimulator?: { settled(): Promise<void> } }).workflowSimulator?.settled();
}

let ctx: Context;
beforeAll(async () => {
  // Every request comes from one address: the per-address limits are tested elsewhere.
  const t = await createTestApp({ env: { AUTH_RATE_LIMIT: "1000000", CONTACT_RATE_LIMIT: "1000000" } });
  const session = await createDirectSession(t.db, t.config, "ann@acme.com");
  for (let i = 0; i < 5; i++) {
    await t.db.query(
      "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id) VALUES ($1, 'jira', $2)",
      [`Hostile ${i}`, `H-${i}`],
    );
  }
  const aliases = await t.db.query<{ id: string }>("SELECT id FROM pulse.project_aliases");
  const correction = await t.app.inject({
    method: "POST",
    url: STREAMS_ROUTES.corrections,
    headers: { authorization: `Bearer ${session.access_token}` },
    payload: { item_id: aliases[0]!.id },
  });
  ctx = {
    t,
    token: session.access_token,
    userId: session.user.id,
    aliasIds: aliases.map((a) => a.id),
    correctionIds: [correction.json<{ correction: { id: string } }>().correction.id],
    challenges: 0,
  };
});
afterAll(async () => {
  await ctx.t.close();
});

describe("hostile input", () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: never a 5xx, a stack trace, a missing header or a partial write`, async () => {
      await fc.assert(
        fc.asyncProperty(route.request(ctx), async (built) => {
          const request = await built;
          const headers: Record<string, string> = { ...(request.headers as Record<string, string>) };
          if (route.auth === "user") headers.authorization = `Bearer ${ctx.token}`;
          await simulatorSettled();
          // One user makes every case: its per-user connector limit (tested in connectors/routes.test.ts) would
          // turn all but the first ten calls into 429s that never reach the route.
          await ctx.t.db.exec("DELETE FROM pulse.rate_limit_hits WHERE bucket LIKE 'connectors:%'");
          const before = await rowCounts(ctx.t);
          const res = await ctx.t.app.inject({ ...request, method: route.method, headers });
          await simulatorSettled();
          checkResponse(route, res);
          if (res.statusCode >= 300)
            expect(await rowCounts(ctx.t), `${route.path} refused but wrote`).toEqual(before);
          expect(({} as Record<string, unknown>).polluted, "Object.prototype polluted").toBeUndefined();
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 600_000);
  }

  it("covers every guarded-prefix route (/api, /functions, /realtime): a new route needs its entry in ROUTES", () => {
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    const registered = ctx.t.app.routeAccess
      .filter((r) => r.access !== undefined && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !key.startsWith("GET /api/test/"));
    expect(registered.filter((key) => !covered.has(key))).toEqual([]);
  });
});
