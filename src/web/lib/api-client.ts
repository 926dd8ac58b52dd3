import type { ApiErrorBody } from "@shared/api-error";

/** An API failure with the server's code and message (ARCHITECTURE §5 errors). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions extends Omit<RequestInit, "body"> {
  /** A JSON body, or FormData sent as multipart. */
  body?: unknown;
}

/** A request sent with exactly this bearer token, or none: see `apiRequestWithToken`. */
export interface TokenRequestOptions extends RequestOptions {
  accessToken?: string | undefined;
}

/**
 * The signed-in user's access token, fresh enough to send (refreshed first when due), or null when nobody is signed
 * in. The page's auth client gives it (lib/auth: AuthClient.accessToken); a test may stand in for it.
 */
export type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource = () => Promise.resolve(null);

/**
 * Names where every apiRequest gets its bearer token: the auth provider's client (lib/auth/auth-provider.tsx) as
 * it first renders, or a test's session. Credentials are this module's business (STYLE 9): features never see one.
 */
export function setAccessTokenSource(source: AccessTokenSource): void {
  accessTokenSource = source;
}

/**
 * fetch for Pulse's API: JSON in and out, errors as ApiError, with the signed-in user's access token attached (none
 * when signed out: the server answers 401 as to anyone). Components call hooks, hooks call this.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const accessToken = (await accessTokenSource()) ?? undefined;
  return send<T>(path, { ...options, accessToken });
}

/**
 * apiRequest with this token or none, never the session's: the auth client's own requests, which make, refresh,
 * check and end the session, so they must not wait for its token (a refresh would wait for itself).
 */
export function apiRequestWithToken<T>(path: string, options: TokenRequestOptions = {}): Promise<T> {
  return send<T>(path, options);
}

async function send<T>(
  path: string,
  { body, accessToken, headers, ...init }: TokenRequestOptions,
): Promise<T> {
  const h = new Headers(headers);
  h.set("accept", "application/json");
  if (accessToken) h.set("authorization", `Bearer ${accessToken}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    h.set("content-type", "application/json");
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: h, body: payload });
  } catch {
    throw unreachable();
  }
  return read<T>(response);
}

const unreachable = () =>
  new ApiError(0, "network_error", "Could not reach the server. Check your connection and try again.");

/**
 * The answer to an API request that other code sent (the pre-paint script's early GET, src/web/pre-paint): its JSON,
 * or its error as ApiError, as apiRequest would give it; null (it never reached the server) is the network error.
 */
export async function answerOf<T>(sent: Promise<Response | null>): Promise<T> {
  const response = await sent;
  if (!response) throw unreachable();
  return read<T>(response);
}

/** A response's JSON, or its error as ApiError. */
async function read<T>(response: Response): Promise<T> {
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | undefined)?.error;
    if (typeof error?.code === "string" && typeof error.message === "string") {
      throw new ApiError(response.status, error.code, error.message);
    }
    throw new ApiError(response.status, "http_error", `Request failed (${response.status})`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
