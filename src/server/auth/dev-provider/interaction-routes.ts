import { EMAIL_PATTERN } from "@shared/contact";
import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";
import type Provider from "oidc-provider";
import type { DevAccounts } from "./accounts";
import { FormTokens, formTokenOf } from "../../platform/form-tokens";
import { DEV_PROVIDER_PREFIX } from "./names";
import { consentPage, errorPage, loginPage, revokePage } from "./pages";

const REVOKE_FORM = "dev-oidc-revoke";

export interface InteractionRoutesOptions {
  /** The provider, made on first use (./provider.ts); an interaction exists only once it has been. */
  provider: () => Promise<Provider>;
  accounts: DevAccounts;
  publicUrl: string;
}

/**
 * The development provider's own pages: Email, then consent (Allow / Cancel), like Google's account chooser and
 * consent screen; and "Revoke access", like removing Pulse from a Google account's third-party access.
 */
export async function registerInteractionRoutes(
  app: FastifyInstance,
  { provider, accounts, publicUrl }: InteractionRoutesOptions,
): Promise<void> {
  // The interaction pages: Email, then consent.
  const formTokens = new FormTokens();
  const publicOrigin = new URL(publicUrl).origin;
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
        const found = await (await provider()).interactionDetails(request.raw, res as never);
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
      const email = interaction.session?.accountId
        ? accounts.emailOf(interaction.session.accountId)
        : undefined;
      if (!email) return expired(reply);
      const scopes = String(interaction.params.scope ?? "")
        .split(" ")
        .filter(Boolean);
      return consentPage({
        allowAction: `${DEV_PROVIDER_PREFIX}/interaction/${uid}/confirm`,
        cancelAction: `${DEV_PROVIDER_PREFIX}/interaction/${uid}/abort`,
        email,
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
        if (!EMAIL_PATTERN.test(email) || email.length > 254) {
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
        const sub = accounts.signIn(email);
        const to = await (
          await provider()
        ).interactionResult(
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
      const { Grant } = await provider();
      const grant = interaction.grantId
        ? ((await Grant.find(interaction.grantId)) ?? new Grant({ accountId, clientId }))
        : new Grant({ accountId, clientId });
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
      const to = await (
        await provider()
      ).interactionResult(
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
      const to = await (
        await provider()
      ).interactionResult(
        request.raw,
        reply.raw,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });

    // The revoke page's form carries an anti-forgery token (issue 37 item 6): it has no interaction cookie to
    // tie a post to, so without one any site the developer visits could revoke anyone's access.
    const revoke = `${DEV_PROVIDER_PREFIX}/revoke`;
    const revokePageOf = (options: { done?: string; error?: string } = {}) =>
      revokePage({ action: revoke, formTokenField: formTokens.field(REVOKE_FORM), ...options });
    scope.get(revoke, async (_request, reply) => reply.type("text/html; charset=utf-8").send(revokePageOf()));
    scope.post<{ Body: Record<string, string> | undefined }>(revoke, async (request, reply) => {
      if (!formTokens.verify(REVOKE_FORM, formTokenOf(request.body))) {
        return reply
          .code(403)
          .type("text/html; charset=utf-8")
          .send(
            revokePageOf({
              error: "This request did not come from this page, or the page is too old. Try again here.",
            }),
          );
      }
      const email = String(request.body?.email ?? "")
        .trim()
        .toLowerCase();
      accounts.revoke(email);
      return reply.type("text/html; charset=utf-8").send(revokePageOf({ done: email }));
    });
  });
}
