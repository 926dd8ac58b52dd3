import type { FastifyBaseLogger } from "fastify";
import { AUTH_CODE_PARAM, type SignInErrorCode } from "@shared/auth";
import { isAuthorisedUser } from "@shared/auth-access";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { encrypt } from "./crypto";
import { SignInError, type IdTokenClaims, type OidcClient } from "./oidc-client";
import type { SignInFlows } from "./sign-in-flows";
import { AccountConflictError, upsertGoogleUser, type VerifiedIdentity } from "./users";

export interface CompleteSignInDeps {
  db: Database;
  config: Pick<Config, "companyDomain" | "requireHostedDomain">;
  /** Undefined only on a server without a Google client (sign-in cannot complete). */
  oidc: OidcClient | undefined;
  flows: SignInFlows;
  /** Encrypts Google's refresh token at rest. */
  tokenKey: Buffer;
  log: FastifyBaseLogger;
}

/** The callback's query string as the provider sent it: parsed, and raw for the code exchange. */
export interface Callback {
  query: Record<string, unknown>;
  search: string;
}

/**
 * Where the browser goes next: the page that started the sign-in, with a one-time code in the fragment; or /auth
 * on `origin` (the starting page's origin when the flow is known) with a fixed error code.
 */
export type SignInOutcome =
  { ok: true; redirectTo: URL } | { ok: false; origin: string | undefined; error: SignInErrorCode };

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function identityFrom(claims: IdTokenClaims): VerifiedIdentity | undefined {
  const email = str(claims.email);
  if (!email) return undefined;
  return {
    subject: claims.sub,
    email: email.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: str(claims.name) ?? null,
    givenName: str(claims.given_name) ?? null,
    familyName: str(claims.family_name) ?? null,
    hostedDomain: str(claims.hd) ?? null,
  };
}

/**
 * The provider's callback, end to end (ARCHITECTURE §5 Sessions): the started flow by its state, the provider's
 * answer, the code exchange with ID-token verification, the verified e-mail, the access rule, the user, and a
 * one-time code for the browser that started it. Every refusal is a fixed error code; details go to the log.
 */
export async function completeSignIn(
  deps: CompleteSignInDeps,
  { query, search }: Callback,
): Promise<SignInOutcome> {
  const { db, config, oidc, flows, tokenKey, log } = deps;
  const state = str(query.state);
  const flow = state ? await flows.consume(state) : undefined;
  if (!flow) {
    log.warn({ hasState: Boolean(state) }, "sign-in callback without a started sign-in");
    return { ok: false, origin: undefined, error: "invalid_state" };
  }
  const origin = flow.redirectTo.origin;
  const refuse = (error: SignInErrorCode): SignInOutcome => ({ ok: false, origin, error });
  if (flow.expired) return refuse("expired_state");

  const providerError = str(query.error);
  if (providerError) {
    const description = str(query.error_description)?.slice(0, 200);
    log.info({ error: providerError.slice(0, 100), description }, "identity provider returned an error");
    return refuse(providerError === "access_denied" ? "access_denied" : "provider_error");
  }

  if (!oidc) return refuse("sign_in_failed");
  const callbackUrl = new URL(oidc.redirectUri);
  callbackUrl.search = search;
  let exchanged;
  try {
    exchanged = await oidc.exchange(callbackUrl, flow.secrets);
  } catch (err) {
    log.warn({ err: err instanceof SignInError ? (err.cause ?? err) : err }, "sign-in verification failed");
    return refuse("sign_in_failed");
  }

  const identity = identityFrom(exchanged.claims);
  if (!identity) return refuse("missing_email");
  if (!identity.emailVerified) {
    log.info({ sub: identity.subject }, "sign-in refused: e-mail not verified");
    return refuse("unverified_email");
  }

  const authorised = isAuthorisedUser(
    { email: identity.email, hd: identity.hostedDomain },
    config.companyDomain,
    config.requireHostedDomain,
  );
  if (!authorised) {
    // SPEC §5: logged, not blocked here; the gate, the protected wrapper and the API guard deny access.
    log.info({ email: identity.email, hd: identity.hostedDomain }, "unauthorized domain");
  }
  let userId: string;
  try {
    userId = await upsertGoogleUser(db, identity, {
      authorised,
      refreshTokenEncrypted: exchanged.refreshToken ? encrypt(tokenKey, exchanged.refreshToken) : null,
    });
  } catch (err) {
    if (!(err instanceof AccountConflictError)) throw err;
    log.warn(
      { email: identity.email, sub: identity.subject, holder: (err as AccountConflictError).holderUserId },
      "sign-in refused: the e-mail's profile belongs to another Google account",
    );
    return refuse("account_conflict");
  }
  const code = await flows.issueCode(userId, flow.codeChallenge);
  const redirectTo = new URL(flow.redirectTo);
  redirectTo.hash = new URLSearchParams({ [AUTH_CODE_PARAM]: code }).toString();
  return { ok: true, redirectTo };
}
