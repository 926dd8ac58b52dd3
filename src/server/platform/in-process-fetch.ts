import type { FastifyInstance, HTTPMethods } from "fastify";

/** What a request through `inProcessFetch` may carry: a subset of `fetch`'s init that both callers use. */
export interface InProcessInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A `fetch` for a development stand-in mounted on this same server (the identity provider's openid-client, the
 * workflow simulator's webhooks and callbacks): the request goes through `app.inject`, so no socket is opened and
 * no Host header has to be guessed.
 */
export function inProcessFetch(
  app: FastifyInstance,
): (url: string, init?: InProcessInit) => Promise<Response> {
  return async (url, init = {}) => {
    const target = new URL(url);
    const body = init.body;
    const res = await app.inject({
      method: (init.method ?? "GET") as HTTPMethods,
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
