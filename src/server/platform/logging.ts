import type { FastifyRequest } from "fastify";

/** The path of a URL without its query string or fragment. */
export function pathOnly(url: string | undefined): string {
  return (url ?? "").split(/[?#]/, 1)[0] ?? "";
}

/**
 * How requests appear in the log: method, path, host and client address — never the query string, which on the
 * sign-in callback holds the authorization `code` and `state`, and elsewhere whatever a client chose to send.
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
};
