import * as client from "openid-client";

/** Google's OpenID Provider. */
export const GOOGLE_ISSUER = "https://accounts.google.com";

/** SPEC §6: sign-in asks for identity, e-mail and profile, with offline access and a forced consent prompt. */
export const SIGN_IN_SCOPE = "openid email profile";

export interface OidcClientOptions {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Only for the development provider, served over plain http by this same server. */
  allowInsecureRequests?: boolean;
  /** How the client reaches the issuer (the development provider is called in-process). */
  fetch?: client.CustomFetch;
}

/** The per-sign-in secrets that must come back unchanged on the callback. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims Pulse reads from a verified ID token. */
export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  hd?: unknown;
}

export interface CodeExchangeResult {
  claims: IdTokenClaims;
  refreshToken: string | undefined;
}

/** A failure talking to the identity provider or verifying what it sent; the detail is for the log only. */
export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: "provider_unavailable" | "verification_failed",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The OpenID Connect client (openid-client 6): authorization-code flow with PKCE (S256), state and nonce. The same
 * code talks to Google and to the development provider; discovery runs on first use and is cached.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly options: OidcClientOptions) {}

  get redirectUri(): string {
    return this.options.redirectUri;
  }

  static randomSecrets(): FlowSecrets {
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
  }

  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.options;
      const execute = this.options.allowInsecureRequests ? [client.allowInsecureRequests] : [];
      this.configuration = client
        .discovery(issuer, clientId, undefined, client.ClientSecretPost(clientSecret), {
          execute: [...execute, client.enableNonRepudiationChecks],
          timeout: 10,
          ...(this.options.fetch ? { [client.customFetch]: this.options.fetch } : {}),
        })
        .catch((err: unknown) => {
          this.configuration = undefined; // try discovery again next time
          throw new SignInError("provider_unavailable", "OpenID discovery failed", { cause: err });
        });
    }
    return this.configuration;
  }

  /** Where to send the browser: Google's consent screen for this sign-in. */
  async authorizationUrl(secrets: FlowSecrets, hostedDomain: string): Promise<URL> {
    const config = await this.config();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: SIGN_IN_SCOPE,
      response_type: "code",
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: "S256",
      state: secrets.state,
      nonce: secrets.nonce,
      access_type: "offline",
      prompt: "consent",
      hd: hostedDomain,
    });
  }

  /**
   * Exchanges the code of a successful callback and verifies the ID token — its signature against the provider's
   * published keys (openid-client's non-repudiation checks), iss, aud, exp and nonce — and the state; returns its
   * claims and Google's refresh token.
   */
  async exchange(callbackUrl: URL, secrets: FlowSecrets): Promise<CodeExchangeResult> {
    const config = await this.config();
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new SignInError("verification_failed", "Authorization code exchange failed", { cause: err });
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError("verification_failed", "No ID token in the token response");
    return { claims: claims as IdTokenClaims, refreshToken: tokens.refresh_token };
  }

  /**
   * Asks the provider whether the account still grants Pulse access, by using Google's refresh token: `revoked`
   * when it answers invalid_grant (the grant was removed, or the account deleted or suspended), `unavailable` when
   * it could not be asked.
   */
  async checkGrant(refreshToken: string): Promise<GrantCheck> {
    try {
      const tokens = await client.refreshTokenGrant(await this.config(), refreshToken);
      return { status: "active", refreshToken: tokens.refresh_token };
    } catch (err) {
      if (err instanceof client.ResponseBodyError && err.error === "invalid_grant")
        return { status: "revoked" };
      return { status: "unavailable", cause: err };
    }
  }
}

export type GrantCheck =
  | { status: "active"; refreshToken: string | undefined }
  | { status: "revoked" }
  | { status: "unavailable"; cause: unknown };
