import { createHmac } from "node:crypto";

const CONSUMER_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** Claims a test may force on an account, e.g. an unverified e-mail or a different hosted domain. */
export interface DevClaimOverrides {
  email_verified?: boolean;
  hd?: string | null;
  name?: string;
}

function nameParts(email: string): { name: string; given: string; family: string | null } {
  const local = email.split("@")[0] ?? email;
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const given = words[0] ?? local;
  const family = words.length > 1 ? words.slice(1).join(" ") : null;
  return { name: words.join(" ") || local, given, family };
}

/**
 * The people who signed in at the development provider, keyed by subject. Like Google: a subject is a 21-digit
 * string, stable per e-mail across restarts (a keyed hash); the e-mail is reported verified and, for non-consumer
 * domains, its domain as `hd`. Revoking an account is Google's "remove access": its refresh tokens stop working.
 */
export class DevAccounts {
  private readonly emails = new Map<string, string>();
  private readonly overrides = new Map<string, DevClaimOverrides>();

  constructor(private readonly subjectKey: Buffer) {}

  subjectFor(email: string): string {
    const hash = createHmac("sha256", this.subjectKey).update(email).digest();
    return "1" + hash.readBigUInt64BE(0).toString().padStart(20, "0");
  }

  /** Records a sign-in; returns the account's subject. */
  signIn(email: string): string {
    const sub = this.subjectFor(email);
    this.emails.set(sub, email);
    return sub;
  }

  emailOf(sub: string): string | undefined {
    return this.emails.get(sub);
  }

  /** Ends the account's grant to Pulse: its tokens are refused until it signs in and consents again. */
  revoke(email: string): boolean {
    return this.emails.delete(this.subjectFor(email.trim().toLowerCase()));
  }

  overrideClaims(email: string, claims: DevClaimOverrides | undefined): void {
    if (claims) this.overrides.set(email.toLowerCase(), claims);
    else this.overrides.delete(email.toLowerCase());
  }

  claimsOf(sub: string): Record<string, unknown> | undefined {
    const email = this.emails.get(sub);
    if (!email) return undefined;
    const domain = email.split("@")[1] ?? "";
    const parts = nameParts(email);
    const forced = this.overrides.get(email) ?? {};
    const hd = "hd" in forced ? forced.hd : CONSUMER_DOMAINS.has(domain) ? null : domain;
    return {
      sub,
      email,
      email_verified: forced.email_verified ?? true,
      name: forced.name ?? parts.name,
      given_name: parts.given,
      ...(parts.family ? { family_name: parts.family } : {}),
      ...(hd ? { hd } : {}),
    };
  }
}
