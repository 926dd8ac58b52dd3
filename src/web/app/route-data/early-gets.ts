/**
 * Where the pre-paint script (src/web/pre-paint/) leaves the GETs it sent before the app's code was requested: a
 * signed-in page's first requests (the server names them on that script), sent while the page is parsed, with the
 * stored session's token, only when the app will start with that session on that page. The script imports this name.
 */
export const EARLY_GETS_GLOBAL = "__pulseEarlyGets";

/** One GET the pre-paint script sent: its answer, or null when the request failed to reach the server. */
export interface EarlyGet {
  path: string;
  accessToken: string;
  response: Promise<Response | null>;
}

const isEarlyGet = (v: unknown): v is EarlyGet =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as EarlyGet).path === "string" &&
  typeof (v as EarlyGet).accessToken === "string" &&
  (v as EarlyGet).response instanceof Promise;

/**
 * The GETs the pre-paint script sent, once: the first call takes them all (start-up), later calls (navigations)
 * get none, so an answer meant for the page the app started on is never given to another.
 */
export function takeEarlyGets(win: Window = window): EarlyGet[] {
  const holder = win as unknown as Record<string, unknown>;
  const sent = holder[EARLY_GETS_GLOBAL];
  if (sent === undefined) return [];
  delete holder[EARLY_GETS_GLOBAL];
  return Array.isArray(sent) ? sent.filter(isEarlyGet) : [];
}
