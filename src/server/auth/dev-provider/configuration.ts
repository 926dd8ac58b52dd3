import { interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { DevAccounts } from "./accounts";
import { errorPage } from "./pages";
import { memoryAdapter } from "./memory-adapter";
import { DEV_CLIENT_ID, DEV_PROVIDER_PREFIX } from "./names";

export interface DevConfigurationOptions {
  /** Pulse's callback, the one redirect URI of the development client. */
  redirectUri: string;
  clientSecret: string;
  cookieKey: string;
  signingKey: Record<string, unknown>;
  accounts: DevAccounts;
}

/**
 * oidc-provider's configuration for the development stand-in: one client (Pulse) with PKCE, Google's claims in the
 * ID token, `access_type=offline` as the offline_access scope, and interactions served by ./interaction-routes.ts.
 */
export function devProviderConfiguration({
  redirectUri,
  clientSecret,
  cookieKey,
  signingKey,
  accounts,
}: DevConfigurationOptions): Configuration {
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
        redirect_uris: [redirectUri],
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
      // A revoked account is unknown here, so its refresh tokens fail with invalid_grant, as at Google.
      const claims = accounts.claimsOf(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims, sub }) };
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = errorPage("Sign-in error", String(out.error_description ?? out.error ?? "Unknown error"));
    },
  };
  return configuration;
}
