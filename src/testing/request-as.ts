import { apiRequest, setAccessTokenSource, type RequestOptions } from "../web/lib/api-client";

/** The API client's request as the signed-in user whose access token is `token` would send it (null: signed out). */
export function requestAs<T>(token: string | null, path: string, options?: RequestOptions): Promise<T> {
  setAccessTokenSource(() => Promise.resolve(token));
  return apiRequest<T>(path, options);
}
