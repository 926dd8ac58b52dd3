import { createHmac } from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_AUDIENCE, AccessTokens } from "./access-tokens";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const ISSUER = "http://localhost:3000";
const NOW = 1_800_000_000;
const tokens = new AccessTokens(SECRET, ISSUER);
const claims = { userId: "user-1", sessionId: "session-1" };

/** A token built by jose itself, so the checks are measured against the library's encoding, not our own. */
function joseToken(
  edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
  { secret = SECRET, alg = "HS256" }: { secret?: string; alg?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({ sid: "session-1" })
    .setProtectedHeader({ alg })
    .setSubject("user-1")
    .setIssuer(ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(NOW)
    .setExpirationTime(NOW + 60);
  return edit(jwt).sign(new TextEncoder().encode(secret));
}

/** A correctly signed token with any protected header (jose will not write a `crit` it does not know). */
function signedWithHeader(header: object, payload: string): string {
  const encoded = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${payload}`;
  return `${encoded}.${createHmac("sha256", SECRET).update(encoded).digest("base64url")}`;
}

describe("AccessTokens", () => {
  it("verifies its own tokens and jose's, and reads the subject and session", async () => {
    expect(await tokens.verify(await tokens.sign(claims, NOW, NOW + 60), NOW)).toEqual(claims);
    expect(await tokens.verify(await joseToken(), NOW)).toEqual(claims);
    expect(
      await tokens.verify(await joseToken((j) => j.setAudience(["x", ACCESS_TOKEN_AUDIENCE])), NOW),
    ).toEqual(claims);
  });

  it("refuses every flaw: key, algorithm, none, tampering, issuer, audience, expiry, nbf, missing claims", async () => {
    const good = await joseToken();
    const [h, p, s] = good.split(".") as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const reencoded = (changes: object) =>
      `${h}.${Buffer.from(JSON.stringify({ ...payload, ...changes })).toString("base64url")}.${s}`;
    const cases: Record<string, string | Promise<string>> = {
      wrongKey: joseToken(undefined, { secret: "another-secret-of-at-least-thirty-two-chars" }),
      hs512: joseToken(undefined, { alg: "HS512" }),
      none: new UnsecuredJWT({ sid: "session-1" })
        .setSubject("user-1")
        .setIssuer(ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(NOW)
        .setExpirationTime(NOW + 60)
        .encode(),
      tamperedSubject: reencoded({ sub: "user-2" }),
      truncatedSignature: good.slice(0, -4),
      emptySignature: `${h}.${p}.`,
      twoParts: `${h}.${p}`,
      notJson: `${Buffer.from("nope").toString("base64url")}.${p}.${s}`,
      arrayHeader: `${Buffer.from("[1]").toString("base64url")}.${p}.${s}`,
      wrongIssuer: joseToken((j) => j.setIssuer("https://evil.example")),
      wrongAudience: joseToken((j) => j.setAudience("someone-else")),
      expired: joseToken((j) => j.setExpirationTime(NOW)),
      notYetValid: joseToken((j) => j.setNotBefore(NOW + 30)),
      noIssuedAt: new SignJWT({ sid: "session-1" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("user-1")
        .setIssuer(ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setExpirationTime(NOW + 60)
        .sign(new TextEncoder().encode(SECRET)),
      noSession: new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("user-1")
        .setIssuer(ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(NOW)
        .setExpirationTime(NOW + 60)
        .sign(new TextEncoder().encode(SECRET)),
    };
    for (const [name, token] of Object.entries(cases)) {
      await expect(tokens.verify(await token, NOW), name).rejects.toThrow(/Access token refused/);
    }
    // One second earlier the "expired" token was still good: the refusal above is about the clock, not the token.
    expect(await tokens.verify(await joseToken((j) => j.setExpirationTime(NOW)), NOW - 1)).toEqual(claims);
  });

  it("checks the times of a token it has verified before on every use, and any other bytes in full", async () => {
    const remembering = new AccessTokens(SECRET, ISSUER);
    const token = await remembering.sign(claims, NOW, NOW + 60);
    expect(await remembering.verify(token, NOW)).toEqual(claims);
    await expect(remembering.verify(token, NOW + 60)).rejects.toThrow(/expired/);
    expect(await remembering.verify(token, NOW + 59)).toEqual(claims);

    const later = await joseToken((j) => j.setNotBefore(NOW + 30));
    expect(await remembering.verify(later, NOW + 30)).toEqual(claims);
    await expect(remembering.verify(later, NOW + 29)).rejects.toThrow(/not yet valid/);

    // The signature's first character carries six bits of it (its last one carries padding bits too).
    const signatureAt = token.lastIndexOf(".") + 1;
    const flipped =
      token.slice(0, signatureAt) + (token[signatureAt] === "A" ? "B" : "A") + token.slice(signatureAt + 1);
    await expect(remembering.verify(flipped, NOW)).rejects.toThrow(/signature/);
    // The signature it remembers the token by, over another user's claims.
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claimed = { ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "user-2" };
    const forged = `${header}.${Buffer.from(JSON.stringify(claimed)).toString("base64url")}.${signature}`;
    await expect(remembering.verify(forged, NOW)).rejects.toThrow(/signature/);
    expect(await remembering.verify(token, NOW)).toEqual(claims);
    const otherKey = new AccessTokens("another-secret-of-at-least-thirty-two-chars", ISSUER);
    await expect(otherKey.verify(token, NOW)).rejects.toThrow(/signature/);
  });

  it("accepts the canonical base64url of a token only, and refuses an unknown `crit` header, as jose does (issue 37 item 9)", async () => {
    const strict = new AccessTokens(SECRET, ISSUER);
    const token = await strict.sign(claims, NOW, NOW + 60);
    // The last of 43 characters carries 4 bits of the 256-bit signature and 2 unused ones: flipping the lowest
    // changes the string, not the bytes a lenient decoder reads.
    const last = token.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const lowBitFlipped = token.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1]!;
    const [h, p, s] = token.split(".") as [string, string, string];
    const variants: Record<string, string | Promise<string>> = {
      lowBitFlipped,
      paddedSignature: `${token}==`,
      paddedPayload: `${h}.${p}=.${s}`,
      standardAlphabet: token.replace(/-/g, "+").replace(/_/g, "/"),
      spaceInSignature: `${h}.${p}.${s.slice(0, 10)} ${s.slice(10)}`,
      unknownCrit: signedWithHeader({ alg: "HS256", typ: "JWT", crit: ["exp-policy"], "exp-policy": 1 }, p),
      emptyCrit: signedWithHeader({ alg: "HS256", typ: "JWT", crit: [] }, p),
    };
    // Variants of a token the cache already holds, and of one it has never seen.
    expect(await strict.verify(token, NOW)).toEqual(claims);
    for (const [name, variant] of Object.entries(variants)) {
      const text = await variant;
      if (name === "standardAlphabet" && text === token) continue;
      await expect(strict.verify(text, NOW), name).rejects.toThrow(/Access token refused/);
      await expect(new AccessTokens(SECRET, ISSUER).verify(text, NOW), name).rejects.toThrow(
        /Access token refused/,
      );
    }
    // Every refusal left the cache as it was: only the one canonical string of the token is remembered.
    expect(await strict.verify(token, NOW)).toEqual(claims);
  });

  it("refuses a token whose claims fail its owner's rule, asks the rule once per token, and remembers no refusal", async () => {
    const asked: string[] = [];
    const owned = new AccessTokens(SECRET, ISSUER, (c) => {
      asked.push(c.sessionId);
      return c.sessionId !== "session-bad";
    });
    const good = await owned.sign(claims, NOW, NOW + 60);
    const bad = await owned.sign({ ...claims, sessionId: "session-bad" }, NOW, NOW + 60);
    expect(await owned.verify(good, NOW)).toEqual(claims);
    expect(await owned.verify(good, NOW + 1)).toEqual(claims);
    await expect(owned.verify(bad, NOW)).rejects.toThrow(/claims/);
    await expect(owned.verify(bad, NOW)).rejects.toThrow(/claims/);
    expect(asked).toEqual(["session-1", "session-bad", "session-bad"]);
  });
});
