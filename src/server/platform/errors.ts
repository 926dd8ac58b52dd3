import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { ApiErrorBody } from "@shared/api-error";

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
export const conflict = (message: string, code = "conflict") => new HttpError(409, code, message);

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
  429: ["rate_limited", "Too many requests. Please wait a moment and try again."],
};

/** Every error leaves as `{ error: { code, message } }`; nothing of a stack trace ever reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send(errorBody(err.code, err.message));
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return reply
        .code(400)
        .send(errorBody("validation_failed", `${where}${issue?.message ?? "Invalid input."}`));
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
      const [code, fallback] = CLIENT_ERROR_CODES[status] ?? [
        "bad_request",
        "The request could not be processed.",
      ];
      const message =
        fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? "The request body is not valid JSON."
          : status === 429
            ? fallback
            : fe.code?.startsWith("FST_")
              ? (fe.message ?? fallback)
              : fallback;
      return reply.code(status).send(errorBody(code, message));
    }
    request.log.error({ err }, "unexpected error");
    return reply
      .code(500)
      .send(errorBody("internal_error", "Something went wrong on our side. Please try again."));
  });
}
