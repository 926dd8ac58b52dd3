/** RFC 7636 PKCE in the browser (Web Crypto): the verifier stays here, the challenge goes to the server. */

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 64 random characters of the unreserved set (48 random bytes). */
export function createCodeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(48)));
}

/** S256: base64url(SHA-256(verifier)). */
export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
