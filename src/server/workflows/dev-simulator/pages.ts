import { createHash } from "node:crypto";
import { devPage, escapeHtml } from "../../platform/html";

/**
 * The development workflow simulator's pages (decision 0070): the connect link's Authorize / Deny page and what
 * follows. Server-rendered, no script but one fixed line that closes the popup, allowed by its hash.
 */

const CLOSE_SCRIPT = "window.close();";

/** The pages' own CSP: nothing loads, forms post to this origin only, and only the close line runs. */
export const SIMULATOR_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src 'sha256-${createHash("sha256").update(CLOSE_SCRIPT).digest("base64")}'`,
  "img-src data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

function layout(title: string, body: string, close = false): string {
  return devPage(
    {
      title,
      site: "Pulse development workflow service",
      badge: "Development workflow simulator",
      ...(close ? { script: CLOSE_SCRIPT } : {}),
    },
    body,
  );
}

/** `formTokenField` is the form's hidden anti-forgery input (platform/form-tokens.ts). */
export function authorizePage({
  app,
  action,
  formTokenField,
}: {
  app: string;
  action: string;
  formTokenField: string;
}): string {
  return layout(
    `Connect ${app}`,
    `<h1>Connect ${escapeHtml(app)} to Pulse</h1>
<p>Stands in for ${escapeHtml(app)}'s own authorisation page while no workflow service is configured.</p>
<p>Authorize lets Pulse read your ${escapeHtml(app)} projects; Deny leaves ${escapeHtml(app)} disconnected.</p>
<form method="post" action="${escapeHtml(action)}">
  ${formTokenField}
  <div class="actions">
    <button class="secondary" type="submit" name="decision" value="deny">Deny</button>
    <button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
  </div>
</form>`,
  );
}

/** After the decision has been reported: closes the popup; the text stays if the window was not a popup. */
export function donePage({ app, authorized }: { app: string; authorized: boolean }): string {
  const text = authorized
    ? `${app} is connected to Pulse. You can close this window.`
    : `Access was denied; ${app} stays disconnected. You can close this window.`;
  return layout(
    authorized ? `${app} connected` : "Access denied",
    `<h1>${escapeHtml(authorized ? `${app} connected` : "Access denied")}</h1><p role="status">${escapeHtml(text)}</p>`,
    true,
  );
}

export function simulatorErrorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`);
}
