/**
 * The development identity provider's own pages (ARCHITECTURE §5 Development sign-in): an Email page, a consent
 * page with Allow and Cancel, and an error page. Plain server-rendered HTML with no script, so the strict CSP holds.
 */

import { escapeHtml } from "../../platform/html";

const STYLE = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0f19; color: #e5e7eb;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(420px, 92vw); background: #111827; border: 1px solid #374151; border-radius: 12px; padding: 32px; }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  p { margin: 8px 0; color: #9ca3af; }
  .badge { display: inline-block; font-size: .75rem; color: #fbbf24; border: 1px solid #92400e; border-radius: 999px;
    padding: 2px 10px; margin-bottom: 16px; }
  label { display: block; font-weight: 600; margin: 20px 0 6px; }
  input { width: 100%; padding: 10px 12px; border-radius: 8px; border: 1px solid #4b5563; background: #030712;
    color: inherit; font: inherit; }
  input:focus, button:focus { outline: 2px solid #60a5fa; outline-offset: 2px; }
  .error { color: #fca5a5; margin-top: 8px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; padding: 10px 16px; border-radius: 8px; border: 1px solid transparent; font: inherit;
    font-weight: 600; cursor: pointer; }
  .primary { background: #2563eb; color: #fff; }
  .secondary { background: transparent; color: #e5e7eb; border-color: #4b5563; }
  ul { margin: 12px 0 0; padding-left: 20px; color: #d1d5db; }
  strong { color: #f9fafb; }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Pulse development sign-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="badge">Development identity provider</span>
${body}
</main>
</body>
</html>`;
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

/** Like removing Pulse from a Google account's third-party access: Pulse's next check with the provider fails. */
export function revokePage({ action, done }: { action: string; done?: string | undefined }): string {
  return layout(
    "Revoke access",
    `<h1>Revoke Pulse's access</h1>
<p>Stands in for removing Pulse from a Google account's third-party access. Pulse ends that person's sessions the
next time it checks with the provider.</p>
${done ? `<p role="status">Access revoked for <strong>${escapeHtml(done)}</strong>.</p>` : ""}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required>
  <div class="actions"><button class="primary" type="submit">Revoke access</button></div>
</form>`,
  );
}
