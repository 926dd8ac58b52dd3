import type { FastifyInstance, HTTPMethods } from "fastify";
import { exportJWK, generateKeyPair } from "jose";
import { createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { CustomFetch } from "openid-client";
import { deriveKey, hmac } from "../crypto";
import { memoryAdapter } from "./memory-adapter";
import { consentPage, errorPage, loginPage } from "./pages";

/** Where the development identity provider lives (ARCHITECTURE §5 Development sign-in). */
export const DEV_PROVIDER_PREFIX = "/dev/oidc";
export const DEV_CLIENT_ID = "pulse-dev";

const CONSUMER_DOMAINS = new Set(["gmail.com", "googlemail.com"]);
// A plain e-mail shape: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Claims a test may force on an account, e.g. an unverified e-mail or a different hosted domain. */
export interface DevClaimOverrides {
  email_verified?: boolean;
  hd?: string | null;
  name?: string;
}

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Reaches the provider in-process (no socket, no Host guessing): openid-client's customFetch. */
  fetch: CustomFetch;
  /** For tests and manual trials: claims to report for an e-mail instead of the defaults. */
  overrideClaims(email: string, overrides: DevClaimOverrides | undefined): void;
}

interface Account {
  email: string;
}

export interface DevProviderOptions {
  publicUrl: string;
  /** Pulse's callback, the one redirect URI of the development client. */
  redirectUri: string;
  /** Server secret the provider's cookie keys, client secret and account ids derive from. */
  secret: string;
}

function nameParts(email: string): { name: string; given: string; family: string | null } {
  const local = email.split("@")[0] ?? email;
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const given = words[0] ?? local;
  const family = words.length > 1 ? words.slice(1).join(" ") : null;
  return { name: words.join(" ") || local, given, family };
}

/**
 * A real OpenID Provider (oidc-provider 8) standing in for Google while GOOGLE_CLIENT_ID is unset, mounted on this
 * same Fastify server at /dev/oidc. It asks for an e-mail on every sign-in (like Google's account chooser), then
 * for consent (Allow / Cancel); it reports the e-mail as verified and, for non-consumer domains, the domain as the
 * `hd` claim, as Google does for Workspace accounts. Never mounted in production (see ./plugin.ts).
 */
export async function mountDevProvider(
  app: FastifyInstance,
  options: DevProviderOptions,
): Promise<DevProvider> {
  const issuer = `${options.publicUrl}${DEV_PROVIDER_PREFIX}`;
  const subjectKey = deriveKey(options.secret, "dev-oidc-subject");
  const clientSecret = hmac(deriveKey(options.secret, "dev-oidc-client-secret"), DEV_CLIENT_ID);
  const cookieKey = hmac(deriveKey(options.secret, "dev-oidc-cookies"), "keys");
  const accounts = new Map<string, Account>();
  const overrides = new Map<string, DevClaimOverrides>();

  // Google's subjects are 21-digit strings; a keyed hash makes one per e-mail, stable across restarts.
  const subjectFor = (email: string) =>
    "1" +
    createHmac("sha256", subjectKey).update(email).digest().readBigUInt64BE(0).toString().padStart(20, "0");

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "pulse-dev-1", alg: "RS256", use: "sig" };

  const policy = interactionPolicy.base();
  // Ask for the e-mail on every authorization request, so any account can be tried from the same browser.
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check(
        "dev_choose_account",
        "The development provider asks who signs in every time",
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    ttl: {
      AuthorizationCode: 60,
      Interaction: 10 * 60,
      Session: 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        client_name: "Pulse",
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [cookieKey],
      names: {
        session: "pulse_dev_oidc_session",
        interaction: "pulse_dev_oidc_interaction",
        resume: "pulse_dev_oidc_resume",
      },
    },
    pkce: { methods: ["S256"], required: () => true },
    scopes: ["openid", "offline_access", "email", "profile"],
    claims: {
      openid: ["sub", "hd"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // Like Google: the e-mail and name are in the ID token itself.
    conformIdTokenClaims: false,
    extraParams: {
      // Google's `access_type=offline` is what OpenID calls the offline_access scope (it needs prompt=consent).
      access_type(ctx: KoaContextWithOIDC, value: string | undefined) {
        const params = ctx.oidc.params as { scope?: string };
        if (value === "offline" && ctx.oidc.prompts.has("consent") && params.scope) {
          params.scope = [...new Set([...params.scope.split(" "), "offline_access"])].join(" ");
        }
      },
      // Google's hosted-domain hint; shown as the placeholder of the Email box.
      hd: null,
    } as unknown as Configuration["extraParams"],
    interactions: {
      policy,
      url: (_ctx, interaction) => `${DEV_PROVIDER_PREFIX}/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { email } = account;
          const domain = email.split("@")[1] ?? "";
          const parts = nameParts(email);
          const forced = overrides.get(email) ?? {};
          const hd = "hd" in forced ? forced.hd : CONSUMER_DOMAINS.has(domain) ? null : domain;
          return {
            sub,
            email,
            email_verified: forced.email_verified ?? true,
            name: forced.name ?? parts.name,
            given_name: parts.given,
            ...(parts.family ? { family_name: parts.family } : {}),
            ...(hd ? { hd } : {}),
          };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = errorPage("Sign-in error", String(out.error_description ?? out.error ?? "Unknown error"));
    },
  };

  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  // The provider's own endpoints: Fastify hands over the raw request, body unread, path without the prefix.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.all(`${DEV_PROVIDER_PREFIX}/*`, async (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? "/").slice(DEV_PROVIDER_PREFIX.length) || "/";
      await handle(raw, reply.raw);
    });
  });

  // The interaction pages: Email, then consent.
  const publicOrigin = new URL(options.publicUrl).origin;
  const formActions = ["'self'", publicOrigin, "http://localhost:*", "http://127.0.0.1:*"];
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addHook("onSend", async (_request, reply) => {
      // The forms end in redirects to Pulse, which may be another local origin (e.g. 127.0.0.1 vs localhost).
      reply.header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formActions.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
      );
      reply.header("cache-control", "no-store");
    });

    const base = `${DEV_PROVIDER_PREFIX}/interaction/:uid`;
    type Params = { uid: string };

    const details = async (request: { raw: IncomingMessage; params: Params }, res: unknown) => {
      try {
        const found = await provider.interactionDetails(request.raw, res as never);
        return found.uid === request.params.uid ? found : undefined;
      } catch {
        return undefined;
      }
    };
    const expired = (reply: { code(n: number): { type(t: string): { send(b: string): unknown } } }) =>
      reply
        .code(400)
        .type("text/html; charset=utf-8")
        .send(
          errorPage(
            "Sign-in expired",
            "This sign-in attempt has expired. Go back to Pulse and choose Continue with Google again.",
          ),
        );

    scope.get<{ Params: Params }>(base, async (request, reply) => {
      const interaction = await details(request, reply.raw);
      if (!interaction) return expired(reply);
      const uid = interaction.uid;
      reply.type("text/html; charset=utf-8");
      if (interaction.prompt.name === "login") {
        const hint = typeof interaction.params.hd === "string" ? interaction.params.hd : undefined;
        return loginPage({ action: `${DEV_PROVIDER_PREFIX}/interaction/${uid}/login`, hint });
      }
      const account = interaction.session?.accountId
        ? accounts.get(interaction.session.accountId)
        : undefined;
      if (!account) return expired(reply);
      const scopes = String(interaction.params.scope ?? "")
        .split(" ")
        .filter(Boolean);
      return consentPage({
        allowAction: `${DEV_PROVIDER_PREFIX}/interaction/${uid}/confirm`,
        cancelAction: `${DEV_PROVIDER_PREFIX}/interaction/${uid}/abort`,
        email: account.email,
        clientName: "Pulse",
        scopes,
      });
    });

    scope.post<{ Params: Params; Body: Record<string, string> | undefined }>(
      `${base}/login`,
      async (request, reply) => {
        const interaction = await details(request, reply.raw);
        if (!interaction || interaction.prompt.name !== "login") return expired(reply);
        const email = String(request.body?.email ?? "")
          .trim()
          .toLowerCase();
        if (!EMAIL.test(email) || email.length > 254) {
          const hint = typeof interaction.params.hd === "string" ? interaction.params.hd : undefined;
          return reply
            .code(400)
            .type("text/html; charset=utf-8")
            .send(
              loginPage({
                action: `${DEV_PROVIDER_PREFIX}/interaction/${interaction.uid}/login`,
                email,
                hint,
                error: "Enter an e-mail address such as name@example.com.",
              }),
            );
        }
        const sub = subjectFor(email);
        accounts.set(sub, { email });
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );

    scope.post<{ Params: Params }>(`${base}/confirm`, async (request, reply) => {
      const interaction = await details(request, reply.raw);
      if (!interaction || interaction.prompt.name !== "consent" || !interaction.session)
        return expired(reply);
      const { accountId } = interaction.session;
      const clientId = String(interaction.params.client_id);
      const grant = interaction.grantId
        ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId, clientId }))
        : new provider.Grant({ accountId, clientId });
      const missing = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
      };
      // prompt=consent asks every time: grant what this request asks for.
      grant.addOIDCScope(
        [
          ...new Set([
            ...(missing.missingOIDCScope ?? []),
            ...String(interaction.params.scope ?? "").split(" "),
          ]),
        ]
          .filter(Boolean)
          .join(" "),
      );
      if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(to, 303);
    });

    scope.post<{ Params: Params }>(`${base}/abort`, async (request, reply) => {
      const interaction = await details(request, reply.raw);
      if (!interaction) return expired(reply);
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });

  const fetchInProcess: CustomFetch = async (url, init) => {
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

  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    fetch: fetchInProcess,
    overrideClaims(email, claims) {
      if (claims) overrides.set(email.toLowerCase(), claims);
      else overrides.delete(email.toLowerCase());
    },
  };
}
