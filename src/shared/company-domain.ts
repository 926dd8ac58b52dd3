/**
 * The one authorised-domain rule (ARCHITECTURE §5 Access), used by the root gate, the protected wrapper and the
 * server. A suffix match anchored at "@", so "eve@notacme.com" is not "@acme.com".
 */
export function isAuthorisedEmail(email: string | null | undefined, companyDomain: string): boolean {
  if (!email || !companyDomain) return false;
  return email.toLowerCase().endsWith("@" + companyDomain.toLowerCase());
}

/** How pages show the domain: with a leading "@" (ARCHITECTURE, names fixed). */
export function displayDomain(companyDomain: string): string {
  return "@" + companyDomain;
}
