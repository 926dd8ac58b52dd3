import { createHash } from "node:crypto";
import { escapeHtml } from "../../platform/html";

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
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; padding: 10px 16px; border-radius: 8px; border: 1px solid transparent; font: inherit;
    font-weight: 600; cursor: pointer; }
  button:focus { outline: 2px solid #60a5fa; outline-offset: 2px; }
  .primary { background: #2563eb; color: #fff; }
  .secondary { background: transparent; color: #e5e7eb; border-color: #4b5563; }
  strong { color: #f9fafb; }
`;

function layout(title: string, body: string, close = false): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Pulse development workflow service</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="badge">Development workflow simulator</span>
${body}
</main>
${close ? `<script>${CLOSE_SCRIPT}</script>` : ""}
</body>
</html>`;
}

export function authorizePage({ app, action }: { app: string; action: string }): string {
  return layout(
    `Connect ${app}`,
    `<h1>Connect ${escapeHtml(app)} to Pulse</h1>
<p>Stands in for ${escapeHtml(app)}'s own authorisation page while no workflow service is configured.</p>
<p>Authorize lets Pulse read your ${escapeHtml(app)} projects; Deny leaves ${escapeHtml(app)} disconnected.</p>
<form method="post" action="${escapeHtml(action)}">
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
