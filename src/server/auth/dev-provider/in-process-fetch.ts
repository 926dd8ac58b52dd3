import type { FastifyInstance, HTTPMethods } from "fastify";
import type { CustomFetch } from "openid-client";

/**
 * openid-client's fetch for a provider mounted on this same server: the request goes through `app.inject`, so
 * no socket is opened and no Host header has to be guessed.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, init) => {
    const target = new URL(url);
    const body = init.body as unknown;
    const res = await app.inject({
      method: init.method as HTTPMethods,
      url: target.pathname + target.search,
      headers: { ...init.headers, host: target.host },
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}
