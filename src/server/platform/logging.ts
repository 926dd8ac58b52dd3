import type { FastifyRequest } from "fastify";

/** The path of a URL without its query string or fragment. */
export function pathOnly(url: string | undefined): string {
  return (url ?? "").split(/[?#]/, 1)[0] ?? "";
}

/**
 * How requests and errors appear in the log. A request: method, path, host and client address — never the query
 * string, which on the sign-in callback holds the authorization `code` and `state`, and elsewhere whatever a client
 * chose to send. An error: see `serializeError`; every `log.*({ err })` of the app goes through it.
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: pathOnly(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: serializeError,
};

type ErrorLike = Record<string, unknown> & { message: string };

export type SerializedError = { type: string; message: string; stack: string } & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";

/** Causes and aggregated errors followed at most this deep (a cycle stops sooner). */
const MAX_DEPTH = 5;

/**
 * What a PostgreSQL error (pg's or PGlite's) may show: what failed and where, never a value. Its `detail` quotes
 * the row or key ("Failing row contains (…)", "Key (email)=(…) already exists"), `where` and `internalQuery` can
 * too, and PGlite copies the query's parameters onto it.
 */
const DATABASE_FIELDS = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
  "query",
];

/** Never written from any error: the values a query was sent with. */
const PARAMETER_FIELDS = new Set(["params", "parameters", "queryOptions"]);

/** Values shorter than this are taken out of messages only where quoted (`"…"`): a bare "1" is everywhere. */
const MIN_BARE_VALUE = 3;

/**
 * An error as the log shows it (issue 20 finding 9): pino's standard serializer writes every enumerable field, and
 * Drizzle's DrizzleQueryError carries the query's parameters — names, e-mails, message text, a resume's bytes — in
 * `params` and again in its message, its stack and its cause. Kept: the type, the message without the values, the
 * SQL text, PostgreSQL's code, table and constraint, the stack's frames, and each cause the same way. Every string
 * parameter met in the chain is also taken out of the driver's messages (`invalid input syntax for type uuid:
 * "…"`). Other errors keep their own fields of plain values.
 */
export function serializeError(err: Error): SerializedError;
export function serializeError(err: unknown): unknown;
export function serializeError(err: unknown): unknown {
  if (!isErrorLike(err)) return err;
  const values = [...parameterValues(err)].sort((a, b) => b.length - a.length);
  return serializeOne(err, values, new Set(), 0);
}

function serializeOne(err: ErrorLike, values: string[], seen: Set<unknown>, depth: number): SerializedError {
  seen.add(err);
  // pg and PGlite both call theirs DatabaseError; PGlite's minified class would otherwise show as "O".
  const type = isPostgresError(err)
    ? "DatabaseError"
    : typeof err.constructor === "function" && err.constructor.name
      ? err.constructor.name
      : String(err.name);
  const message = safeMessage(err, values);
  // The stack's frames only, under a header rebuilt from the safe message: the original header repeats the message.
  const frames =
    typeof err.stack === "string" ? err.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join("\n") };
  if (isDatabaseError(err)) {
    for (const key of DATABASE_FIELDS) {
      const value = err[key];
      if (typeof value === "string" || typeof value === "number") out[key] = value;
    }
  } else {
    for (const key in err) {
      if (key in out || key === "cause" || key === "errors" || PARAMETER_FIELDS.has(key)) continue;
      const value = err[key];
      if (typeof value === "string") out[key] = redact(value, values);
      else if (typeof value === "number" || typeof value === "boolean") out[key] = value;
    }
  }
  if (depth < MAX_DEPTH) {
    const { cause, errors } = err;
    if (isErrorLike(cause) && !seen.has(cause)) out.cause = serializeOne(cause, values, seen, depth + 1);
    if (Array.isArray(errors)) {
      out.errors = errors
        .filter((e): e is ErrorLike => isErrorLike(e) && !seen.has(e))
        .map((e) => serializeOne(e, values, seen, depth + 1));
    }
  }
  return out;
}

/** pg's and PGlite's errors: a severity beside a SQLSTATE code. */
function isPostgresError(err: ErrorLike): boolean {
  return typeof err.severity === "string" && typeof err.code === "string";
}

/** A PostgreSQL error, or a query's failure that carries its parameters (Drizzle's wrapper). */
function isDatabaseError(err: ErrorLike): boolean {
  return isPostgresError(err) || (typeof err.query === "string" && "params" in err);
}

function safeMessage(err: ErrorLike, values: string[]): string {
  // Drizzle's wrapper says `Failed query: <sql>\nparams: <values>`; the SQL text alone is rebuilt from `query`.
  if (typeof err.query === "string" && err.message.startsWith("Failed query: ")) {
    return `Failed query: ${err.query}`;
  }
  return redact(err.message.replace(/\nparams: [\s\S]*$/, ""), values);
}

function redact(text: string, values: string[]): string {
  let result = text;
  for (const value of values) {
    if (value.length >= MIN_BARE_VALUE) result = result.split(value).join("[redacted]");
    else result = result.split(`"${value}"`).join('"[redacted]"');
  }
  return result;
}

/** Every string among the parameters of the errors in the chain (nested in arrays and objects too). */
function parameterValues(err: ErrorLike): Set<string> {
  const found = new Set<string>();
  const collect = (value: unknown, depth: number): void => {
    if (typeof value === "string") {
      if (value.length > 0) found.add(value);
    } else if (
      depth < MAX_DEPTH &&
      value !== null &&
      typeof value === "object" &&
      !ArrayBuffer.isView(value)
    ) {
      // Bytes (a resume) are left alone: no message spells them out once the wrapper's own is rebuilt.
      for (const item of Array.isArray(value) ? value : Object.values(value)) collect(item, depth + 1);
    }
  };
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): void => {
    if (!isErrorLike(e) || seen.has(e) || depth > MAX_DEPTH) return;
    seen.add(e);
    if (Array.isArray(e.params)) collect(e.params, 0);
    visit(e.cause, depth + 1);
    if (Array.isArray(e.errors)) for (const inner of e.errors) visit(inner, depth + 1);
  };
  visit(err, 0);
  return found;
}
