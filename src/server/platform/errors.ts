import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { ZodError, type z } from "zod";
import type { ApiErrorBody } from "@shared/api-error";
import { NUL_MESSAGE, nulPath } from "@shared/text";

/** A failure the client should hear about, with its HTTP status and a stable code. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "bad_request") => new HttpError(400, code, message);
export const unauthorized = (message = "Sign in to continue.", code = "unauthorized") =>
  new HttpError(401, code, message);
export const forbidden = (message: string, code = "forbidden") => new HttpError(403, code, message);
export const notFound = (message = "Not found.", code = "not_found") => new HttpError(404, code, message);
/** The 404 of a request no route matches, naming its method and path (never its query string). */
export const noRoute = (method: string, url: string) =>
  notFound(`No route for ${method} ${url.split(/[?#]/, 1)[0] ?? ""}`);
export const conflict = (message: string, code = "conflict") => new HttpError(409, code, message);

/** A failed zod check as one sentence naming where: "items.0.raw_name: Too long". */
export function describeIssue(err: ZodError, fallback = "Invalid input."): string {
  const issue = err.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue?.message ?? fallback}`;
}

/**
 * `value` checked by `schema` (a missing body or query counts as `{}`), or 400 `validation_failed`. Whatever the
 * schema says, no string of what it lets through may hold U+0000: PostgreSQL cannot store one, and a string schema
 * without `text()` (src/shared/text.ts) would otherwise turn it into a 500 at the query.
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, fallback?: string): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw badRequest(describeIssue(parsed.error, fallback), "validation_failed");
  const nul = nulPath(parsed.data);
  if (nul) {
    throw badRequest(`${nul.length > 0 ? `${nul.join(".")}: ` : ""}${NUL_MESSAGE}`, "validation_failed");
  }
  return parsed.data;
}

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** True for failures that mean "the database cannot be reached right now", as opposed to a bad query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string" && CONNECTION_ERROR_CODES.has(e.code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}

const CLIENT_ERROR_CODES: Record<number, [string, string]> = {
  400: ["bad_request", "The request could not be understood."],
  401: ["unauthorized", "Sign in to continue."],
  403: ["forbidden", "You do not have access to this."],
  404: ["not_found", "Not found."],
  405: ["method_not_allowed", "This method is not allowed here."],
  406: ["not_acceptable", "This response format is not available."],
  413: ["payload_too_large", "The request body is too large."],
  415: ["unsupported_media_type", "This content type is not supported here."],
  408: ["request_timeout", "The request took too long to arrive."],
  429: ["rate_limited", "Too many requests. Please wait a moment and try again."],
  431: ["headers_too_large", "The request headers are too large."],
};

/** Fixed messages for Fastify's own refusals: never the client's URL, header or content type echoed back. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object or no content type.",
  FST_ERR_CTP_BODY_TOO_LARGE: CLIENT_ERROR_CODES[413]![1],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: CLIENT_ERROR_CODES[415]![1],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
  FST_ERR_BAD_URL: "The request URL is not valid.",
  FST_ERR_MAX_PARAM_LENGTH: "The request URL is too long.",
};

/** The `{ error }` body and status of a client error Fastify raised itself. */
function clientError(status: number, fe: Partial<FastifyError>): [number, ApiErrorBody] {
  const [code, fallback] = CLIENT_ERROR_CODES[status] ?? [
    "bad_request",
    "The request could not be processed.",
  ];
  const message =
    (fe.code && FRAMEWORK_MESSAGES[fe.code]) ??
    (fe instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY! : fallback);
  return [status, errorBody(code, message)];
}

/**
 * Every error leaves as `{ error: { code, message } }` with the security headers and `x-request-id`; nothing of a
 * stack trace, and nothing the client sent, ever comes back.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send(errorBody(err.code, err.message));
    }
    if (err instanceof ZodError) {
      return reply.code(400).send(errorBody("validation_failed", describeIssue(err)));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.code(400).send(errorBody("validation_failed", fe.message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send(
          errorBody(
            "database_unavailable",
            "The service is temporarily unavailable. Please try again shortly.",
          ),
        );
    }
    const status = typeof fe.statusCode === "number" ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      const [code, body] = clientError(status, fe);
      return reply.code(code).send(body);
    }
    request.log.error({ err }, "unexpected error");
    return reply
      .code(500)
      .send(errorBody("internal_error", "Something went wrong on our side. Please try again."));
  });
}

/**
 * Fastify's `frameworkErrors`: refusals raised before any hook runs (a malformed URL such as `/api/%zz`, an
 * over-long parameter). They get the same headers and body shape as everything else.
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, body] = clientError(error.statusCode ?? 400, error);
    request.log.info({ code: error.code }, "request refused by the framework");
    void reply.code(status).headers(headers).header("x-request-id", request.id).send(body);
  };
}

/**
 * Fastify's `clientErrorHandler`: errors on the socket before Fastify has a request (a malformed header, a request
 * that took too long to arrive). Answered on the raw socket, in the same shape and with the same headers.
 */
export function socketErrorHandler(
  headers: Readonly<Record<string, string>>,
): (err: NodeJS.ErrnoException, socket: Socket) => void {
  return (err, socket) => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const [status, code, message] =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "The request took too long to arrive."]
        : err.code === "HPE_HEADER_OVERFLOW"
          ? [431, "headers_too_large", "The request headers are too large."]
          : [400, "bad_request", CLIENT_ERROR_CODES[400]![1]];
    // Like Node itself: answer only when no response of this connection has started.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify(errorBody(code, message));
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        "connection: close",
        "content-type: application/json; charset=utf-8",
        `content-length: ${Buffer.byteLength(body)}`,
        `x-request-id: ${randomUUID()}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    }
    socket.destroy();
  };
}
