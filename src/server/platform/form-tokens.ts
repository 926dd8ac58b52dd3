import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { escapeHtml } from "./html";

/** The hidden field a development page's form carries its token in. */
export const FORM_TOKEN_FIELD = "form_token";

const DEFAULT_TTL_MS = 60 * 60 * 1000;

/**
 * Anti-forgery tokens for the development stand-ins' server-rendered forms (issue 37 item 6). A token is issued
 * for one page (`form` names it: the revoke page, one connect link) and expires; a post is accepted only with a
 * token issued for its own page. Another site can make a developer's browser post a form to this server, but it
 * cannot read a page of this origin to learn a token. Stateless: an HMAC under a key made at start, so a restart
 * voids the tokens of pages already open (a reload gives a new one).
 */
export class FormTokens {
  private readonly key = randomBytes(32);

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  issue(form: string): string {
    const expires = (this.now() + this.ttlMs).toString(36);
    const nonce = randomBytes(12).toString("base64url");
    return `${expires}.${nonce}.${this.mac(form, expires, nonce)}`;
  }

  verify(form: string, token: unknown): boolean {
    if (typeof token !== "string") return false;
    const [expires, nonce, mac, ...rest] = token.split(".");
    if (!expires || !nonce || !mac || rest.length > 0) return false;
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(form, expires, nonce));
    return (
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      Number.parseInt(expires, 36) > this.now()
    );
  }

  /** The hidden input a form of `form`'s page carries. */
  field(form: string): string {
    return `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeHtml(this.issue(form))}">`;
  }

  private mac(form: string, expires: string, nonce: string): string {
    return createHmac("sha256", this.key).update(`${form}\n${expires}\n${nonce}`).digest("base64url");
  }
}

/** The token a urlencoded form body carried, if any. */
export function formTokenOf(body: unknown): unknown {
  return (body as Record<string, unknown> | undefined)?.[FORM_TOKEN_FIELD];
}
