/** Escapes text for HTML content and quoted attribute values of the server-rendered development pages. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The one look of the server-rendered development pages (identity provider, workflow simulator). */
const DEV_PAGE_STYLE = `
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

/** A development stand-in's page: its title, a badge naming the stand-in, the body, and an optional fixed script. */
export function devPage(
  { title, site, badge, script }: { title: string; site: string; badge: string; script?: string },
  body: string,
): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${site}</title>
<style>${DEV_PAGE_STYLE}</style>
</head>
<body>
<main>
<span class="badge">${badge}</span>
${body}
</main>
${script ? `<script>${script}</script>` : ""}
</body>
</html>`;
}
