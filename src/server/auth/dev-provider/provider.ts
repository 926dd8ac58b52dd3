import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";
import type { CustomFetch } from "openid-client";
import { deriveKey, hmac } from "../crypto";
import { DevAccounts, type DevClaimOverrides } from "./accounts";
import { DEV_CLIENT_ID, DEV_PROVIDER_PREFIX } from "./names";
import { inProcessFetch } from "../../platform/in-process-fetch";
import { registerInteractionRoutes } from "./interaction-routes";
import type { OidcInstance } from "./oidc-instance";

export { DEV_CLIENT_ID, DEV_PROVIDER_PREFIX } from "./names";
export type { DevClaimOverrides } from "./accounts";

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Reaches the provider in-process (no socket, no Host guessing): openid-client's customFetch. */
  fetch: CustomFetch;
  /** For tests and manual trials: claims to report for an e-mail instead of the defaults. */
  overrideClaims(email: string, overrides: DevClaimOverrides | undefined): void;
  /** Google's "remove access" for an account (also a page at /dev/oidc/revoke). */
  revokeAccess(email: string): boolean;
}

export interface DevProviderOptions {
  publicUrl: string;
  /** Pulse's callback, the one redirect URI of the development client. */
  redirectUri: string;
  /** Server secret the provider's cookie keys, client secret and account ids derive from. */
  secret: string;
}

/**
 * A real OpenID Provider (oidc-provider 8) standing in for Google while GOOGLE_CLIENT_ID is unset, mounted on this
 * same Fastify server at /dev/oidc (ARCHITECTURE §5 Development sign-in). It asks for an e-mail on every sign-in,
 * then for consent. Mounted only on a loopback PUBLIC_URL outside production, and loaded only then (./plugin.ts).
 *
 * The routes are mounted at start; oidc-provider itself is loaded, and its signing key generated, by the first
 * request that reaches it (the first sign-in's discovery): both are a noticeable share of the server's start
 * (docs/decisions/0080-server-bundle.md), and most starts never sign in through the stand-in.
 */
export async function mountDevProvider(
  app: FastifyInstance,
  options: DevProviderOptions,
): Promise<DevProvider> {
  const issuer = `${options.publicUrl}${DEV_PROVIDER_PREFIX}`;
  const clientSecret = hmac(deriveKey(options.secret, "dev-oidc-client-secret"), DEV_CLIENT_ID);
  const accounts = new DevAccounts(deriveKey(options.secret, "dev-oidc-subject"));
  let instance: Promise<OidcInstance> | undefined;
  const oidc = () =>
    (instance ??= import("./oidc-instance")
      .then(({ createOidcInstance }) =>
        createOidcInstance(issuer, {
          redirectUri: options.redirectUri,
          clientSecret,
          cookieKey: hmac(deriveKey(options.secret, "dev-oidc-cookies"), "keys"),
          accounts,
        }),
      )
      .catch((err: unknown) => {
        instance = undefined; // the next request tries again
        throw err;
      }));

  // The provider's own endpoints: Fastify hands over the raw request, body unread, path without the prefix.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.all(`${DEV_PROVIDER_PREFIX}/*`, async (request, reply) => {
      // Before the hijack, so a provider that cannot be made answers through Fastify's error handler.
      const { handle } = await oidc();
      // A hijacked reply skips Fastify's send path, so the security headers set on it (platform/security.ts) are
      // copied onto the raw response first; the provider may still set its own (e.g. cache-control).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? "/").slice(DEV_PROVIDER_PREFIX.length) || "/";
      await handle(raw, reply.raw);
    });
  });
  await registerInteractionRoutes(app, {
    provider: async () => (await oidc()).provider,
    accounts,
    publicUrl: options.publicUrl,
  });

  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    fetch: inProcessFetch(app),
    overrideClaims: (email, claims) => accounts.overrideClaims(email, claims),
    revokeAccess: (email) => accounts.revoke(email),
  };
}
