import { AUTH_CODE_PARAM, AUTH_ROUTES, type SessionResponse, type SessionUser } from "@shared/auth";
import { SESSION_REFRESH_RETRY_BASE_MS, SESSION_REFRESH_TICK_MS } from "./session-refresh";
import { afterContentPaint } from "@/lib/after-paint";
import { ApiError, apiRequestWithToken, type TokenRequestOptions } from "@/lib/api-client";
import type { AuthChangeEvent, AuthSession, AuthUser } from "./auth-context";
import { codeChallengeFor, createCodeVerifier } from "./pkce";
import {
  codeVerifierKeyFor,
  expiresSoon,
  finishingSignIn,
  isLegacySession,
  parseSession,
  sessionAtStart,
  startingSession,
  storageKeyFor,
} from "./stored-session";

export { startingSession, storageKeyFor };

export type AuthListener = (event: AuthChangeEvent, session: AuthSession | null) => void;
type Request = <T>(path: string, options?: TokenRequestOptions) => Promise<T>;

export interface AuthClientOptions {
  /** Origin of the API; the storage key derives from its host (SPEC §7). Default: the page's origin. */
  apiUrl?: string;
  storage?: Storage;
  request?: Request;
  /** Sends the browser to the identity provider. */
  navigate?: (url: string) => void;
  /** Reports a failed sign-in (SPEC §8); the provider shows a toast. */
  onError?: (error: unknown) => void;
  win?: Window;
  /** Runs work that need not delay the first paint (the user check at start); default: once the page's content is shown. */
  afterPaint?: (task: () => void) => void;
}

/** SPEC §8 "retryable failures on 502, 503, 504 and network failure". */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

const sameUser = (a: AuthUser, b: AuthUser) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether this page load starts signed out for certain: no stored session to adopt and no sign-in to finish. Only
 * then does the pre-rendered (anonymous) page match what the app shows first, so main.tsx may hydrate it.
 */
export function startsSignedOut(win: Window = window): boolean {
  return startingSession(win) === null;
}

/** Whether two sessions carry the same token and user (one read from storage twice, say). */
export function sameSession(a: AuthSession | null, b: AuthSession | null): boolean {
  if (a === null || b === null) return a === b;
  return a.access_token === b.access_token && a.expires_at === b.expires_at && sameUser(a.user, b.user);
}

/**
 * The browser side of Pulse sessions (SPEC §4 Auth provider, §9; ARCHITECTURE §5 Sessions): keeps the access token,
 * its expiry and the user under SPEC's storage key — the refresh token stays in its HttpOnly cookie, which the
 * browser sends to refresh and sign-out by itself (decision 0094) — adopts the stored session at start, finishes a
 * sign-in from the one-time code, refreshes the session when 90 s or less remain — checked every 30 s while the
 * page is visible, paused while hidden — retrying retryable failures with a backoff of 200 ms doubling within one
 * tick, and shares sessions between tabs through storage events.
 */
export class AuthClient {
  readonly storageKey: string;
  private readonly verifierKey: string;
  private readonly storage: Storage;
  private readonly request: Request;
  private readonly navigate: (url: string) => void;
  private readonly onError: (error: unknown) => void;
  private readonly afterPaint: (task: () => void) => void;
  private readonly win: Window;
  private session: AuthSession | null = null;
  private readonly listeners = new Set<AuthListener>();
  private initialized: Promise<void> | undefined;
  private ready = false;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private refreshing: Promise<AuthSession | null> | undefined;
  private detach: (() => void) | undefined;

  constructor(options: AuthClientOptions = {}) {
    this.win = options.win ?? window;
    const apiUrl = options.apiUrl ?? this.win.location.origin;
    this.storageKey = storageKeyFor(apiUrl);
    this.verifierKey = codeVerifierKeyFor(apiUrl);
    this.storage = options.storage ?? this.win.localStorage;
    this.request = options.request ?? apiRequestWithToken;
    this.navigate = options.navigate ?? ((url) => this.win.location.assign(url));
    this.onError = options.onError ?? ((error) => console.error(error));
    this.afterPaint = options.afterPaint ?? afterContentPaint;
  }

  getSession(): AuthSession | null {
    return this.session;
  }

  /**
   * The access token to send now, for the API client (lib/api-client asks before each request): once start has
   * adopted or made the session, refreshed first when 90 s or less remain — the very refresh the ticker runs, shared
   * while under way — and null when nobody is signed in.
   */
  async accessToken(): Promise<string | null> {
    await this.initialize();
    if (this.session && expiresSoon(this.session)) await this.refreshSession();
    return this.session?.access_token ?? null;
  }

  /**
   * What start will adopt without asking the server, read now (see `sessionAtStart`): the provider's first render
   * shows it, so a signed-in page paints at once instead of after a loading state.
   */
  startingSession(): AuthSession | null | undefined {
    return sessionAtStart(this.win, parseSession(this.storage.getItem(this.storageKey)));
  }

  /** Listens to auth events; once started, a new listener first hears INITIAL_SESSION. */
  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    if (this.ready)
      queueMicrotask(() => this.listeners.has(listener) && listener("INITIAL_SESSION", this.session));
    return () => this.listeners.delete(listener);
  }

  /** Runs once: finishes a sign-in from the URL or adopts the stored session, then INITIAL_SESSION. */
  initialize(): Promise<void> {
    this.initialized ??= this.start();
    return this.initialized;
  }

  /**
   * Connects the client to the page: tab sharing, visibility, and the refresh ticker once initialised. Returns the
   * disconnect function (the provider unmounting); connecting again is fine.
   */
  mount(): () => void {
    this.attach();
    void this.initialize().then(() => {
      if (this.detach && this.isVisible()) this.startAutoRefresh();
    });
    return () => this.dispose();
  }

  private async start(): Promise<void> {
    const stored = this.storage.getItem(this.storageKey);
    // A refresh token left in script-readable storage by an earlier version goes at once (decision 0094).
    if (isLegacySession(stored)) this.storage.removeItem(this.storageKey);
    this.session = parseSession(stored);
    const code = this.takeCodeFromUrl();
    let verify = this.session !== null;
    if (code !== undefined) {
      verify = false;
      await this.exchangeCode(code);
    } else if (this.session && expiresSoon(this.session)) {
      verify = false;
      await this.refreshSession();
    }
    this.ready = true;
    this.emit("INITIAL_SESSION");
    // The page is drawn from the adopted session; the server's answer can only update it, so it waits for the paint.
    if (verify) this.afterPaint(() => void this.verifyUser());
  }

  /** Ends the timers and listeners (the provider unmounting). */
  dispose(): void {
    this.stopAutoRefresh();
    this.detach?.();
    this.detach = undefined;
  }

  // ── sign-in ────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * "Continue with Google": keeps a PKCE verifier in this browser, sends its challenge and the return target
   * (this origin's /dashboard, SPEC §2), then goes to the provider. Throws what the server answered.
   */
  async signInWithGoogle(): Promise<void> {
    const verifier = createCodeVerifier();
    const challenge = await codeChallengeFor(verifier);
    this.storage.setItem(this.verifierKey, verifier);
    const { url } = await this.request<{ url: string }>(AUTH_ROUTES.start, {
      method: "POST",
      body: {
        code_challenge: challenge,
        code_challenge_method: "S256",
        redirect_to: `${this.win.location.origin}/dashboard`,
      },
    });
    this.navigate(url);
  }

  private takeCodeFromUrl(): string | undefined {
    const { hash, pathname, search } = this.win.location;
    if (!finishingSignIn(this.win)) return undefined;
    const code = new URLSearchParams(hash.slice(1)).get(AUTH_CODE_PARAM);
    if (!code) return undefined;
    // The code never stays in the address bar or the history.
    this.win.history.replaceState(this.win.history.state, "", pathname + search);
    return code;
  }

  private async exchangeCode(code: string): Promise<void> {
    const verifier = this.storage.getItem(this.verifierKey);
    this.storage.removeItem(this.verifierKey);
    if (!verifier) {
      this.onError("This sign-in was started in another browser or tab that is gone. Please sign in again.");
      return;
    }
    try {
      const session = await this.request<SessionResponse>(AUTH_ROUTES.token, {
        method: "POST",
        body: { code, code_verifier: verifier },
      });
      this.save(session);
      this.emit("SIGNED_IN");
    } catch (error) {
      this.onError(error);
    }
  }

  // ── sign-out ───────────────────────────────────────────────────────────────────────────────────────────────

  /** Revokes the session on the server (failures are only logged), then forgets it here: SIGNED_OUT. */
  async signOut(): Promise<void> {
    const session = this.session;
    if (session) {
      try {
        // The refresh-token cookie goes along by itself; the server ends its session and expires it.
        await this.request(AUTH_ROUTES.signOut, { method: "POST", accessToken: session.access_token });
      } catch (error) {
        console.error("Sign-out could not reach the server", error);
      }
    }
    this.save(null);
    this.emit("SIGNED_OUT");
  }

  // ── refresh ────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Refreshes now (one request at a time per tab). Retryable failures are retried after 200, 400, 800 … ms while
   * the next attempt still falls within one tick; then the next tick tries again. A refused refresh signs out.
   */
  refreshSession(): Promise<AuthSession | null> {
    this.refreshing ??= this.refreshWithRetry().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async refreshWithRetry(): Promise<AuthSession | null> {
    const startedAt = Date.now();
    for (let attempt = 0; ; attempt++) {
      const session = this.session;
      if (!session) return null;
      try {
        // The refresh token is the HttpOnly cookie the browser sends by itself; the answer sets the next one.
        const next = await this.request<SessionResponse>(AUTH_ROUTES.refresh, { method: "POST" });
        // Another tab may have adopted a newer session meanwhile: it stands, whatever this answer says.
        if (this.session?.access_token !== session.access_token) return this.session;
        this.save(next);
        this.emit("TOKEN_REFRESHED");
        return this.session;
      } catch (error) {
        if (this.session?.access_token !== session.access_token) return this.session;
        if (!isRetryable(error)) {
          console.error("Session refresh refused", error);
          this.save(null);
          this.emit("SIGNED_OUT");
          return null;
        }
        const delay = SESSION_REFRESH_RETRY_BASE_MS * 2 ** attempt;
        if (Date.now() + delay - startedAt >= SESSION_REFRESH_TICK_MS) return this.session;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private tick = (): void => {
    const session = this.session;
    if (session && !this.refreshing && expiresSoon(session)) void this.refreshSession();
  };

  /** Checks every 30 s (and right now) whether the session needs refreshing. */
  startAutoRefresh(): void {
    this.stopAutoRefresh();
    this.ticker = setInterval(this.tick, SESSION_REFRESH_TICK_MS);
    this.tick();
  }

  stopAutoRefresh(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  isAutoRefreshing(): boolean {
    return this.ticker !== undefined;
  }

  // ── the current user ───────────────────────────────────────────────────────────────────────────────────────

  /** Reads the user from the server: USER_UPDATED when it changed; a session revoked elsewhere ends here too. */
  async verifyUser(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      const user = await this.request<SessionUser>(AUTH_ROUTES.user, { accessToken: session.access_token });
      if (this.session !== session || sameUser(session.user, user)) return;
      this.save({ ...session, user });
      this.emit("USER_UPDATED");
    } catch (error) {
      // A failed session read is logged only (SPEC §8); a 401 means the session ended on the server.
      console.error("Could not read the current user", error);
      if (error instanceof ApiError && error.status === 401 && this.session === session) {
        await this.refreshSession();
      }
    }
  }

  // ── storage, tabs, visibility ──────────────────────────────────────────────────────────────────────────────

  private save(session: SessionResponse | AuthSession | null): void {
    this.session = session
      ? {
          access_token: session.access_token,
          expires_at: session.expires_at,
          ...(session.expires_in === undefined ? {} : { expires_in: session.expires_in }),
          token_type: "bearer",
          user: session.user,
        }
      : null;
    if (this.session) this.storage.setItem(this.storageKey, JSON.stringify(this.session));
    else this.storage.removeItem(this.storageKey);
  }

  private emit(event: AuthChangeEvent): void {
    for (const listener of [...this.listeners]) listener(event, this.session);
  }

  private isVisible(): boolean {
    return this.win.document.visibilityState !== "hidden";
  }

  private attach(): void {
    if (this.detach) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== this.storageKey && event.key !== null) return;
      const previous = this.session;
      const next = parseSession(event.key === null ? null : event.newValue);
      if (previous?.access_token === next?.access_token) {
        if (previous && next && !sameUser(previous.user, next.user)) {
          this.session = next;
          this.emit("USER_UPDATED");
        }
        return;
      }
      // Adopt what the other tab wrote, without writing it back.
      this.session = next;
      if (!next) this.emit("SIGNED_OUT");
      else if (previous && previous.user.id === next.user.id) this.emit("TOKEN_REFRESHED");
      else this.emit("SIGNED_IN");
    };
    const onVisibility = () => {
      if (this.isVisible()) this.startAutoRefresh();
      else this.stopAutoRefresh();
    };
    this.win.addEventListener("storage", onStorage);
    this.win.document.addEventListener("visibilitychange", onVisibility);
    this.detach = () => {
      this.win.removeEventListener("storage", onStorage);
      this.win.document.removeEventListener("visibilitychange", onVisibility);
    };
  }
}
