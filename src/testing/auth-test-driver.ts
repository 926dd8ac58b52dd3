import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from "fastify";
import { AUTH_ROUTES, type SessionResponse } from "@shared/auth";
import { randomToken, s256 } from "../server/auth/crypto";

/**
 * Test support (not a test): a minimal browser over `app.inject` — a cookie jar and manual redirects — that walks
 * the real sign-in through the development identity provider's pages.
 */
export class InjectBrowser {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly origin: string,
  ) {}

  async request(
    method: HTTPMethods,
    url: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    // A browser names the page's origin on every request that is not a GET or HEAD.
    const origin: Record<string, string> =
      method === "GET" || method === "HEAD" ? {} : { origin: this.origin };
    const headers: Record<string, string> = { host: target.host, ...origin, ...options.headers };
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(options.form).toString();
    }
    const res = await this.app.inject({ method, url: target.pathname + target.search, headers, payload });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === "";
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  /** Follows redirects while they stay inside the development provider; returns the first response outside it. */
  async follow(res: LightMyRequestResponse): Promise<{ res: LightMyRequestResponse; url: string }> {
    let current = res;
    let url = "";
    for (let hops = 0; hops < 10 && current.statusCode >= 300 && current.statusCode < 400; hops++) {
      url = new URL(String(current.headers.location), this.origin).toString();
      if (!new URL(url).pathname.startsWith("/dev/oidc/")) return { res: current, url };
      current = await this.request("GET", url);
    }
    return { res: current, url };
  }

  /**
   * Submits the form of the page at `url` as a person would: `fields` typed in, the form's hidden inputs (the
   * development pages' anti-forgery token) sent along, posted to the form's action.
   */
  async submitForm(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const page = await this.request("GET", url);
    const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
    if (!form) throw new Error(`no form at ${url}: ${page.statusCode} ${page.body.slice(0, 200)}`);
    const inputs = form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g);
    const hidden = Object.fromEntries([...inputs].map((m) => [m[1]!, m[2]!]));
    return this.request("POST", new URL(form[1]!, new URL(url, this.origin)).toString(), {
      form: { ...hidden, ...fields },
    });
  }
}

export interface DevSignIn {
  browser: InjectBrowser;
  codeVerifier: string;
  /** The provider's redirect back to Pulse (the callback URL with code and state, or error). */
  callbackUrl: string;
}

/** A PKCE pair as the web app makes it. */
export function pkcePair(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomToken(48);
  return { codeVerifier, codeChallenge: s256(codeVerifier) };
}

/** Clicks through "Continue with Google" → Email → consent, stopping before Pulse's callback runs. */
export async function walkDevProvider(
  app: FastifyInstance,
  email: string,
  options: { consent?: "allow" | "cancel"; origin?: string; browser?: InjectBrowser } = {},
): Promise<DevSignIn> {
  const origin = options.origin ?? app.config.publicUrl;
  const browser = options.browser ?? new InjectBrowser(app, origin);
  const { codeVerifier, codeChallenge } = pkcePair();
  const start = await browser.request("POST", AUTH_ROUTES.start, {
    json: {
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
      redirect_to: `${origin}/dashboard`,
    },
  });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const { url } = start.json<{ url: string }>();

  let step = await browser.follow(await browser.request("GET", url));
  const emailPage = await browser.request("GET", step.url);
  if (!emailPage.body.includes('<label for="email">Email</label>')) throw new Error("no Email page");
  step = await browser.follow(await browser.request("POST", `${step.url}/login`, { form: { email } }));
  const consentPage = await browser.request("GET", step.url);
  if (!consentPage.body.includes(">Allow<")) throw new Error(`no consent page: ${consentPage.body}`);
  const action = options.consent === "cancel" ? "abort" : "confirm";
  step = await browser.follow(await browser.request("POST", `${step.url}/${action}`, { form: {} }));
  return { browser, codeVerifier, callbackUrl: step.url };
}

/** The names the refresh-token cookie has (src/server/auth/refresh-cookie.ts): on http, and on https. */
const REFRESH_COOKIES = ["pulse-refresh", "__Secure-pulse-refresh"];

/** The refresh token a response handed the browser in its HttpOnly cookie, if it set one. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookies = res.cookies as { name: string; value: string }[];
  return cookies.find((c) => REFRESH_COOKIES.includes(c.name) && c.value !== "")?.value;
}

/** A session as a test holds it: what the browser's script sees, plus the refresh token of the cookie. */
export type TestSession = SessionResponse & { refresh_token: string };

/** A token or refresh response read as the browser keeps it, with the refresh token from its cookie. */
export function issuedSession(res: LightMyRequestResponse): TestSession {
  const refreshToken = refreshCookieOf(res);
  if (res.statusCode !== 200 || !refreshToken) throw new Error(`no session: ${res.statusCode} ${res.body}`);
  return { ...res.json<SessionResponse>(), refresh_token: refreshToken };
}

/**
 * A POST to refresh (or sign-out) as a Pulse page sends it: the refresh-token cookie and the page's Origin, which
 * are what those endpoints read (issue 37 item 5).
 */
export function withRefreshCookie(
  app: FastifyInstance,
  refreshToken: string,
  { url = AUTH_ROUTES.refresh, headers = {} }: { url?: string; headers?: Record<string, string> } = {},
): InjectOptions {
  const secure = new URL(app.config.publicUrl).protocol === "https:";
  return {
    method: "POST",
    url,
    headers: {
      origin: new URL(app.config.publicUrl).origin,
      cookie: `${REFRESH_COOKIES[secure ? 1 : 0]}=${refreshToken}`,
      ...headers,
    },
  };
}

/** The whole sign-in: provider pages, Pulse's callback, then the code exchange. */
export async function signInThroughDevProvider(
  app: FastifyInstance,
  email: string,
): Promise<TestSession & { browser: InjectBrowser }> {
  const { browser, codeVerifier, callbackUrl } = await walkDevProvider(app, email);
  const callback = await browser.request("GET", callbackUrl);
  const location = new URL(String(callback.headers.location));
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  if (!code) throw new Error(`no code: ${location}`);
  const token = await browser.request("POST", AUTH_ROUTES.token, {
    json: { code, code_verifier: codeVerifier },
  });
  if (token.statusCode !== 200) throw new Error(`token failed: ${token.statusCode} ${token.body}`);
  return { ...issuedSession(token), browser };
}
