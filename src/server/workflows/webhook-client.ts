import type { FastifyBaseLogger } from "fastify";
import type { PopupConnector } from "@shared/connectors";
import type { WorkflowHook } from "../config";
import {
  WorkflowCallError,
  type WorkflowFailure,
  type WorkflowWebhooks,
} from "../workflow-contract/workflow-webhooks";

/** SPEC §7 gives no timeout; 5 s keeps a person's click answered (issue #13). */
export const WORKFLOW_TIMEOUT_MS = 5_000;
/** Attempts of a call that is safe to repeat, and the first backoff (doubled each time): 250 ms, then 500 ms. */
export const WORKFLOW_RETRY = { attempts: 3, baseDelayMs: 250 } as const;
/**
 * The most of an answer the client reads (issue #20): a connect link is a few hundred bytes, and a service that sends
 * more — by mistake, or to exhaust this server's memory — fails the call instead.
 */
export const WORKFLOW_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * The headers SPEC §7 calls "production environment and external user id" on the Asana sync calls (decision 0070),
 * named as the workflow service SPEC's webhooks were written for names them (Pipedream Connect, issue 21 item 10),
 * so its managed connections read them without renaming. The Google Meet sync carries them too: its POST has no
 * body, so they are the only way it names a user.
 */
export const ENVIRONMENT_HEADER = "x-pd-environment";
export const EXTERNAL_USER_HEADER = "x-pd-external-user-id";

/**
 * The calls that may be sent again after a timeout, a 5xx or a 429, because a repeat changes nothing the first did
 * not: asking for a connect link (the link is only a URL until the person authorises) and disconnecting (the
 * target state is "off"). A sync starts a job on the workflow service, and a timed-out one may still be running:
 * it is sent once, and the person presses Sync again. A call that never left (connection refused, no such host)
 * is retried whatever it is.
 */
export const SAFE_TO_REPEAT: ReadonlySet<WorkflowHook> = new Set<WorkflowHook>([
  "ASANA_CONNECT",
  "GOOGLE_DRIVE_CONNECT",
  "ASANA_DISCONNECT",
  "GOOGLE_DRIVE_DISCONNECT",
]);

/**
 * The part of `fetch` the client uses (the global one, a test double, or the in-process one of the simulator, which
 * never follows a redirect anyway).
 */
export type WorkflowFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    redirect: "manual";
  },
) => Promise<Response>;

export interface WorkflowClientOptions {
  urls: Partial<Record<WorkflowHook, string>>;
  /** The value of ENVIRONMENT_HEADER: `production` under the production rules, `development` otherwise. */
  environment: "production" | "development";
  log: FastifyBaseLogger;
  fetch?: WorkflowFetch;
  timeoutMs?: number;
  retry?: { attempts: number; baseDelayMs: number };
  /** Waits between attempts; tests pass one driven by fake timers. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /**
   * Told of every attempt as it is logged, with its hook and outcome (`ok` or the failure), and of a call to a hook
   * that is not configured: the metrics count them (this feature knows no registry).
   */
  observe?: (hook: WorkflowHook, outcome: "ok" | WorkflowFailure) => void;
}

const CONNECT: Record<PopupConnector, WorkflowHook> = {
  asana: "ASANA_CONNECT",
  google_drive: "GOOGLE_DRIVE_CONNECT",
};
const DISCONNECT: Record<PopupConnector, WorkflowHook> = {
  asana: "ASANA_DISCONNECT",
  google_drive: "GOOGLE_DRIVE_DISCONNECT",
};

/** Errors of a request that never reached the workflow service. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function causeCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

class Attempt extends Error {
  constructor(
    readonly failure: WorkflowFailure,
    readonly retryable: "always" | "if_safe" | "never",
    readonly upstreamStatus?: number,
    /** Said in the log only, where the failure alone would not tell an operator what happened. */
    readonly detail?: "redirect" | "answer_too_large",
  ) {
    super(failure);
  }
}

/**
 * The answer as text, read chunk by chunk and abandoned past `maxBytes`: `res.text()` would hold the whole of an
 * endless or huge answer in memory before anything could look at its size.
 */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw new Attempt("malformed_response", "never", undefined, "answer_too_large");
    }
    text += decoder.decode(value, { stream: true });
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `connect_link_url` at the top level, inside a `body` JSON string or object, or in a one-item array of those. */
export function findConnectLink(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.length === 1 ? findConnectLink(answer[0]) : undefined;
  if (typeof answer !== "object" || answer === null) return undefined;
  const record = answer as Record<string, unknown>;
  if (record.connect_link_url !== undefined) return record.connect_link_url;
  let body = record.body;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  return typeof body === "object" && body !== null ? findConnectLink(body) : undefined;
}

/**
 * The one module every outbound webhook goes through (ARCHITECTURE §5 Workflow automation, issue #13): only the
 * configured URLs, JSON `{ external_user_id }`, a timeout per attempt, a bounded retry with backoff for the calls
 * in SAFE_TO_REPEAT, no redirect followed (a 3xx is a failed call: it could send the user id anywhere), at most
 * WORKFLOW_ANSWER_MAX_BYTES of an answer read, one structured log line per attempt, and WorkflowCallError for every
 * failure. The log names the hook only, never its URL: many workflow services put the secret in the path (issue
 * #20), others in the host or query.
 */
export function createWorkflowClient(options: WorkflowClientOptions): WorkflowWebhooks {
  const {
    urls,
    environment,
    log,
    fetch: send = globalThis.fetch as WorkflowFetch,
    timeoutMs = WORKFLOW_TIMEOUT_MS,
    retry = WORKFLOW_RETRY,
    sleep = defaultSleep,
    now = () => performance.now(),
    observe = () => undefined,
  } = options;

  /** One attempt, the answer's reading included, under the timeout. Resolves to the status. */
  async function attempt(
    url: string,
    init: { headers: Record<string, string>; body?: string },
    read?: (res: Response) => Promise<void>,
  ): Promise<number> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The race, not only the signal: a fetch that ignores its signal (the in-process one) still times out.
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Attempt("timeout", "if_safe"));
      }, timeoutMs);
    });
    const exchange = async () => {
      let res: Response;
      try {
        res = await send(url, { method: "POST", ...init, signal: controller.signal, redirect: "manual" });
      } catch (err) {
        if (controller.signal.aborted) throw new Attempt("timeout", "if_safe");
        const code = causeCode(err);
        throw new Attempt("unreachable", code && NOT_SENT.has(code) ? "always" : "if_safe");
      }
      // "manual" hands back the 3xx itself (or, under a browser's rules, an opaque redirect with status 0).
      if ((res.status >= 300 && res.status < 400) || res.type === "opaqueredirect") {
        void res.body?.cancel().catch(() => undefined);
        throw new Attempt("http_error", "never", res.status, "redirect");
      }
      if (!res.ok) {
        void res.body?.cancel().catch(() => undefined);
        throw new Attempt(
          "http_error",
          res.status >= 500 || res.status === 429 ? "if_safe" : "never",
          res.status,
        );
      }
      if (read) await read(res);
      else void res.body?.cancel().catch(() => undefined);
      return res.status;
    };
    const running = exchange();
    // Once the timeout has won, the abandoned exchange may still fail: that is already answered.
    running.catch(() => undefined);
    try {
      return await Promise.race([running, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function call(
    hook: WorkflowHook,
    init: { headers: Record<string, string>; body?: string },
    read?: (res: Response) => Promise<void>,
  ): Promise<void> {
    const url = urls[hook];
    if (!url) {
      log.error({ hook }, "workflow webhook not configured");
      observe(hook, "not_configured");
      throw new WorkflowCallError(hook, "not_configured");
    }
    const safe = SAFE_TO_REPEAT.has(hook);
    for (let n = 1; ; n++) {
      const started = now();
      try {
        const status = await attempt(url, init, read);
        log.info({ hook, attempt: n, status, ms: Math.round(now() - started) }, "workflow webhook");
        observe(hook, "ok");
        return;
      } catch (err) {
        if (!(err instanceof Attempt)) throw err;
        const again = err.retryable === "always" || (err.retryable === "if_safe" && safe);
        const last = n >= retry.attempts || !again;
        log.warn(
          {
            hook,
            attempt: n,
            failure: err.failure,
            ...(err.detail ? { detail: err.detail } : {}),
            status: err.upstreamStatus,
            ms: Math.round(now() - started),
            retrying: !last,
          },
          "workflow webhook failed",
        );
        observe(hook, err.failure);
        if (last) throw new WorkflowCallError(hook, err.failure, err.upstreamStatus);
        await sleep(retry.baseDelayMs * 2 ** (n - 1));
      }
    }
  }

  const json = (externalUserId: string, headers: Record<string, string> = {}) => ({
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ external_user_id: externalUserId }),
  });
  const identifying = (externalUserId: string) => ({
    [ENVIRONMENT_HEADER]: environment,
    [EXTERNAL_USER_HEADER]: externalUserId,
  });

  return {
    async connectLink(connector, externalUserId) {
      let link: string | undefined;
      await call(CONNECT[connector], json(externalUserId), async (res) => {
        const text = await readCapped(res, WORKFLOW_ANSWER_MAX_BYTES);
        let answer: unknown;
        try {
          answer = JSON.parse(text);
        } catch {
          throw new Attempt("malformed_response", "never");
        }
        const found = findConnectLink(answer);
        if (found === undefined || found === null || found === "") throw new Attempt("missing_link", "never");
        // The browser opens it: nothing but an absolute http(s) URL.
        if (typeof found !== "string" || !/^https?:\/\//i.test(found) || !URL.canParse(found)) {
          throw new Attempt("malformed_response", "never");
        }
        link = found;
      });
      return link!;
    },
    async disconnect(connector, externalUserId) {
      await call(DISCONNECT[connector], json(externalUserId));
    },
    async syncAsana(kind, externalUserId) {
      await call(
        kind === "data" ? "ASANA_DATA_SYNC" : "ASANA_SYNC",
        json(externalUserId, identifying(externalUserId)),
      );
    },
    async syncGoogleMeet(externalUserId) {
      await call("GOOGLE_MEET_SYNC", { headers: identifying(externalUserId) });
    },
  };
}
