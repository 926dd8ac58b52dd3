/**
 * The development identity provider's own pages (ARCHITECTURE §5 Development sign-in): an Email page, a consent
 * page with Allow and Cancel, and an error page. Plain server-rendered HTML with no script, so the strict CSP holds.
 */

import { devPage, escapeHtml } from "../../platform/html";

function layout(title: string, body: string): string {
  return devPage({ title, site: "Pulse development sign-in", badge: "Development identity provider" }, body);
}

export function loginPage({
  action,
  email = "",
  hint,
  error,
}: {
  action: string;
  email?: string;
  hint?: string | undefined;
  error?: string | undefined;
}): string {
  const placeholder = hint ? `name@${hint}` : "name@example.com";
  return layout(
    "Sign in",
    `<h1>Sign in</h1>
<p>Stands in for Google while no Google client is configured. Any e-mail address works.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus
    placeholder="${escapeHtml(placeholder)}" value="${escapeHtml(email)}"${
      error ? ' aria-invalid="true" aria-describedby="email-error"' : ""
    }>
  ${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <div class="actions"><button class="primary" type="submit">Continue</button></div>
</form>`,
  );
}

const SCOPE_TEXT: Record<string, string> = {
  openid: "Know who you are on this provider",
  email: "See your e-mail address",
  profile: "See your name",
  offline_access: "Keep access while you are not using Pulse",
};

export function consentPage({
  allowAction,
  cancelAction,
  email,
  clientName,
  scopes,
}: {
  allowAction: string;
  cancelAction: string;
  email: string;
  clientName: string;
  scopes: string[];
}): string {
  const items = scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`).join("");
  return layout(
    "Allow access",
    `<h1>${escapeHtml(clientName)} wants to access your account</h1>
<p>Signed in as <strong>${escapeHtml(email)}</strong></p>
<p>This will allow ${escapeHtml(clientName)} to:</p>
<ul>${items}</ul>
<form method="post" action="${escapeHtml(allowAction)}">
  <div class="actions">
    <button class="secondary" type="submit" formaction="${escapeHtml(cancelAction)}">Cancel</button>
    <button class="primary" type="submit">Allow</button>
  </div>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`);
}

/**
 * Like removing Pulse from a Google account's third-party access: Pulse's next check with the provider fails.
 * `formTokenField` is the form's hidden anti-forgery input (platform/form-tokens.ts).
 */
export function revokePage({
  action,
  formTokenField,
  done,
  error,
}: {
  action: string;
  formTokenField: string;
  done?: string | undefined;
  error?: string | undefined;
}): string {
  return layout(
    "Revoke access",
    `<h1>Revoke Pulse's access</h1>
<p>Stands in for removing Pulse from a Google account's third-party access. Pulse ends that person's sessions the
next time it checks with the provider.</p>
${done ? `<p role="status">Access revoked for <strong>${escapeHtml(done)}</strong>.</p>` : ""}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}" novalidate>
  ${formTokenField}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required>
  <div class="actions"><button class="primary" type="submit">Revoke access</button></div>
</form>`,
  );
}
