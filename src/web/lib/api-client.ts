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
  /** Bearer access token. */
  accessToken?: string | undefined;
}

/** fetch for Pulse's API: JSON in and out, errors as ApiError. Components call hooks, hooks call this. */
export async function apiRequest<T>(
  path: string,
  { body, accessToken, headers, ...init }: RequestOptions = {},
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
    throw new ApiError(
      0,
      "network_error",
      "Could not reach the server. Check your connection and try again.",
    );
  }
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
