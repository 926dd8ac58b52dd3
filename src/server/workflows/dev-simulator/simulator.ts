import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler, RouteHandlerMethod } from "fastify";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PopupConnector } from "@shared/connectors";
import { WORKFLOW_HOOKS, type WorkflowHook } from "../../config";
import { badRequest, forbidden, HttpError } from "../../platform/errors";
import { FormTokens, formTokenOf } from "../../platform/form-tokens";
import { WORKFLOW_EVENTS_ROUTE } from "../routes";
import { signEvent } from "../signature";
import { EXTERNAL_USER_HEADER } from "../webhook-client";
import { authorizePage, donePage, SIMULATOR_PAGE_CSP, simulatorErrorPage } from "./pages";

export const WORKFLOW_SIMULATOR_PREFIX = "/dev/workflows";

/** The header carrying this boot's hook token, which only Pulse's own workflow client is given. */
export const SIMULATOR_TOKEN_HEADER = "x-pulse-simulator-token";

/** How long a connect link stays usable, like a provider's authorisation request. */
const CONNECT_LINK_TTL_MS = 10 * 60 * 1000;

const APP_NAMES: Record<PopupConnector, string> = { asana: "Asana", google_drive: "Google Drive" };

/** The project list an Asana sync reports (identity.projects) and the Streams it discovers. */
// Named as the tools name things (issue 38): the Streams page resolves them into one candidate per project, and
// keeps the confusable siblings (Q3 / Q4 budget review) apart.
export const SAMPLE_ASANA_PROJECTS = [
  { gid: "1209000000000001", name: "Website Relaunch 2026" },
  { gid: "1209000000000002", name: "Q3 budget review" },
  { gid: "1209000000000003", name: "Customer onboarding revamp" },
  { gid: "1209000000000004", name: "Mobile app beta" },
  { gid: "1209000000000005", name: "Q4 budget review" },
] as const;

/** Who works on each sample project: the items' participants. */
const SAMPLE_PEOPLE: Record<string, string[]> = {
  "1209000000000001": ["dana@acme.com", "lee@acme.com", "kim@acme.com"],
  "1209000000000002": ["mo@acme.com", "dana@acme.com"],
  "1209000000000003": ["ines@acme.com", "kim@acme.com"],
  "1209000000000004": ["sam@acme.com", "lee@acme.com"],
  "1209000000000005": ["mo@acme.com", "dana@acme.com"],
};

/** The Asana data sync's tasks, as Asana shows them, in the first two projects. */
const SAMPLE_TASK_NAMES: Record<string, string> = {
  "1209000000000001": "Website relaunch – launch checklist",
  "1209000000000002": "Q3 budget review – collect numbers",
};

const SAMPLE_MEETINGS = [
  {
    raw_name: "Q3 budget review – weekly sync",
    external_id: "meet-sim-q3-budget",
    participants: ["mo@acme.com", "dana@acme.com"],
  },
  {
    raw_name: "Notes: Mobile app beta standup",
    external_id: "meet-sim-mobile-beta",
    participants: ["sam@acme.com", "lee@acme.com"],
  },
  {
    raw_name: "Website Relaunch kickoff",
    external_id: "meet-sim-web-kickoff",
    participants: ["dana@acme.com", "lee@acme.com", "kim@acme.com"],
  },
] as const;

export interface WorkflowSimulator {
  /** The simulator's webhook URL per hook, what the client calls in place of WORKFLOW_*_URL. */
  urls: Record<WorkflowHook, string>;
  /** Resolves once every event reported so far has been answered (tests wait on it instead of sleeping). */
  settled(): Promise<void>;
  /** What Pulse's own client adds to every hook call: without it a hook answers 403. */
  hookHeaders: Readonly<Record<string, string>>;
}

const hookPath = (hook: WorkflowHook) =>
  `${WORKFLOW_SIMULATOR_PREFIX}/hooks/${hook.toLowerCase().replace(/_/g, "-")}`;

const userIdSchema = z.uuid();

/**
 * The development workflow simulator (ARCHITECTURE §5, issue #13, decision 0070), mounted at /dev/workflows when no
 * WORKFLOW_*_URL is set and the development stand-ins may run. It answers every webhook of SPEC §7 with the real
 * shapes — Asana's connect link at the top level, Google Drive's nested in a `body` JSON string — and reports back
 * the way the workflow service does: signed events through POST /api/workflows/events, sent in-process after the
 * webhook has been answered.
 */
export async function mountWorkflowSimulator(
  app: FastifyInstance,
  { publicUrl, secret }: { publicUrl: string; secret: string },
): Promise<WorkflowSimulator> {
  const pending = new Map<string, { userId: string; connector: PopupConnector; expiresAt: number }>();
  const hookToken = randomBytes(32).toString("base64url");
  const formTokens = new FormTokens();
  const connectForm = (linkToken: string) => `simulator-connect:${linkToken}`;
  const inFlight = new Set<Promise<void>>();

  async function post(event: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify(event);
    const res = await app.inject({
      method: "POST",
      url: WORKFLOW_EVENTS_ROUTE,
      headers: {
        "content-type": "application/json",
        ...signEvent(secret, payload, { id: `msg_sim_${randomUUID()}` }),
      },
      payload,
    });
    if (res.statusCode !== 200) {
      app.log.warn(
        { event: event.type, status: res.statusCode, answer: res.body.slice(0, 300) },
        "simulator event refused",
      );
      throw new Error(`The event was refused (${res.statusCode}).`);
    }
  }

  // Events to report once a webhook's answer has gone, like a service that queues the work (onResponse below).
  const queued = new WeakMap<object, Record<string, unknown>[]>();
  const reportLater = (request: object, events: Record<string, unknown>[]) => queued.set(request, events);

  function externalUser(request: { body: unknown; headers: Record<string, unknown> }): string {
    const fromBody = (request.body as { external_user_id?: unknown } | undefined)?.external_user_id;
    const id = fromBody ?? request.headers[EXTERNAL_USER_HEADER];
    const parsed = userIdSchema.safeParse(id);
    if (!parsed.success) throw badRequest("external_user_id must be a Pulse user id.", "validation_failed");
    return parsed.data;
  }

  const connectLink = (userId: string, connector: PopupConnector) => {
    for (const [old, link] of pending) if (link.expiresAt < Date.now()) pending.delete(old);
    const token = randomBytes(24).toString("base64url");
    pending.set(token, { userId, connector, expiresAt: Date.now() + CONNECT_LINK_TTL_MS });
    return `${publicUrl}${WORKFLOW_SIMULATOR_PREFIX}/connect/${token}`;
  };

  const now = () => new Date().toISOString();
  const updated = (userId: string, connector: PopupConnector, isActive: boolean) => ({
    type: "connector.updated",
    external_user_id: userId,
    connector,
    is_active: isActive,
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    // The hooks answer Pulse's own client only (issue 20 items 1 and 14). A page the developer visits could post a
    // form here naming any user; it can neither send JSON cross-site without a CORS preflight (never granted) nor
    // know this boot's token, which the server hands its own client in-process. The check is each hook route's own
    // hook, so it runs for whatever spelling of the path the router matched (`/dev/workflows/%68ooks/…`).
    const hookOnly: onRequestAsyncHookHandler = async (request) => {
      const given = request.headers[SIMULATOR_TOKEN_HEADER];
      if (typeof given !== "string" || !sameToken(given, hookToken)) {
        throw forbidden(
          "Only Pulse's own workflow client may call the simulator's hooks.",
          "simulator_token",
        );
      }
      const type = request.headers["content-type"];
      if (type !== undefined && !/^application\/json\s*(?:;|$)/i.test(type)) {
        throw new HttpError(415, "unsupported_media_type", "The simulator's hooks take JSON only.");
      }
    };
    const hook = (name: WorkflowHook, handler: RouteHandlerMethod) =>
      scope.post(hookPath(name), { onRequest: hookOnly }, handler);

    scope.addHook("onResponse", async (request) => {
      const events = queued.get(request);
      if (!events) return;
      queued.delete(request);
      const done = new Promise<void>((resolve) =>
        setImmediate(() => {
          void (async () => {
            for (const event of events) await post(event).catch(() => undefined);
          })().finally(resolve);
        }),
      );
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    });

    // Webhooks.
    hook("ASANA_CONNECT", async (request) => ({
      connect_link_url: connectLink(externalUser(request), "asana"),
    }));
    hook("GOOGLE_DRIVE_CONNECT", async (request) => ({
      body: JSON.stringify({ connect_link_url: connectLink(externalUser(request), "google_drive") }),
    }));
    for (const [name, connector] of [
      ["ASANA_DISCONNECT", "asana"],
      ["GOOGLE_DRIVE_DISCONNECT", "google_drive"],
    ] as const) {
      hook(name, async (request) => {
        reportLater(request, [updated(externalUser(request), connector, false)]);
        return { status: "ok" };
      });
    }
    hook("ASANA_SYNC", async (request) => {
      const userId = externalUser(request);
      reportLater(request, [
        {
          type: "identity.projects",
          external_user_id: userId,
          provider: "asana",
          projects: SAMPLE_ASANA_PROJECTS,
        },
        {
          type: "streams.discovered",
          external_user_id: userId,
          items: SAMPLE_ASANA_PROJECTS.map((p) => ({
            raw_name: p.name,
            source_app: "asana",
            external_id: p.gid,
            seen_at: now(),
            participants: SAMPLE_PEOPLE[p.gid],
            context: "Asana project",
          })),
        },
      ]);
      return { status: "ok" };
    });
    hook("ASANA_DATA_SYNC", async (request) => {
      const userId = externalUser(request);
      reportLater(request, [
        {
          type: "streams.discovered",
          external_user_id: userId,
          items: SAMPLE_ASANA_PROJECTS.slice(0, 2).map((p) => ({
            raw_name: SAMPLE_TASK_NAMES[p.gid],
            source_app: "asana",
            external_id: `${p.gid}-tasks`,
            seen_at: now(),
            participants: SAMPLE_PEOPLE[p.gid],
            context: `Task in ${p.name}`,
          })),
        },
      ]);
      return { status: "ok" };
    });
    hook("GOOGLE_MEET_SYNC", async (request) => {
      // No body: the user comes in the workflow service's header, and the meetings found are theirs alone.
      const userId = externalUser(request);
      reportLater(request, [
        {
          type: "streams.discovered",
          external_user_id: userId,
          items: SAMPLE_MEETINGS.map((m) => ({
            ...m,
            participants: [...m.participants],
            source_app: "google_meet_gemini",
            seen_at: now(),
          })),
        },
      ]);
      return { status: "ok" };
    });

    // The connect link's page: Authorize or Deny, reported as connector.updated before the answer.
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header("content-security-policy", SIMULATOR_PAGE_CSP)
        // Like a provider's authorisation page, it does not isolate itself from its opener: Pulse's page keeps its
        // handle on the popup even when the link's origin differs from the page's (127.0.0.1 vs localhost).
        .header("cross-origin-opener-policy", "unsafe-none")
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(html);
    const expired = (reply: FastifyReply) =>
      page(
        reply,
        404,
        simulatorErrorPage(
          "Link expired",
          "This connect link has expired or was already used. Go back to Pulse and switch the connector on again.",
        ),
      );
    const live = (token: string) => {
      const found = pending.get(token);
      if (found && found.expiresAt < Date.now()) pending.delete(token);
      return found && found.expiresAt >= Date.now() ? found : undefined;
    };

    type Params = { Params: { token: string } };
    scope.get<Params>(`${WORKFLOW_SIMULATOR_PREFIX}/connect/:token`, async (request, reply) => {
      const link = live(request.params.token);
      if (!link) return expired(reply);
      return page(
        reply,
        200,
        authorizePage({
          app: APP_NAMES[link.connector],
          action: `${WORKFLOW_SIMULATOR_PREFIX}/connect/${request.params.token}`,
          formTokenField: formTokens.field(connectForm(request.params.token)),
        }),
      );
    });

    scope.post<Params & { Body: Record<string, string> | undefined }>(
      `${WORKFLOW_SIMULATOR_PREFIX}/connect/:token`,
      async (request, reply) => {
        const link = live(request.params.token);
        if (!link) return expired(reply);
        // The answer must come from this link's own page: a page elsewhere cannot read it to learn the token.
        if (!formTokens.verify(connectForm(request.params.token), formTokenOf(request.body))) {
          return page(
            reply,
            403,
            simulatorErrorPage(
              "Answer from this page",
              "This answer did not come from this connect page, or the page is too old. Reload the page and choose again.",
            ),
          );
        }
        const decision = request.body?.decision;
        if (decision !== "authorize" && decision !== "deny") {
          return page(reply, 400, simulatorErrorPage("Choose an answer", "Choose Authorize or Deny."));
        }
        pending.delete(request.params.token);
        const authorized = decision === "authorize";
        const app = APP_NAMES[link.connector];
        try {
          await post(updated(link.userId, link.connector, authorized));
        } catch {
          return page(
            reply,
            502,
            simulatorErrorPage(
              "Pulse refused the answer",
              `Pulse did not accept the ${app} change; see its log.`,
            ),
          );
        }
        return page(reply, 200, donePage({ app, authorized }));
      },
    );
  });

  const urls = Object.fromEntries(
    WORKFLOW_HOOKS.map((hook) => [hook, `${publicUrl}${hookPath(hook)}`]),
  ) as Record<WorkflowHook, string>;
  return {
    urls,
    hookHeaders: { [SIMULATOR_TOKEN_HEADER]: hookToken },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
