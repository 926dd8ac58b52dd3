import { isAuthorisedEmail } from "./company-domain";

export interface AccessSubject {
  email: string | null | undefined;
  /** Google's hosted-domain (`hd`) claim, when Google sent one. */
  hd?: string | null | undefined;
}

/**
 * Who may use the product (SPEC §5, §6; ARCHITECTURE §5 Access): the e-mail rule of ./company-domain.ts and, where
 * Google names a hosted domain, that domain must be the company domain exactly. With `requireHostedDomain` (in
 * production) the hosted domain must be there: a Google account that the company's Workspace does not manage is
 * not the company's, whatever its verified address says. The root gate, the protected wrapper and the server's
 * guard all ask this one function.
 */
export function isAuthorisedUser(
  user: AccessSubject | null | undefined,
  companyDomain: string,
  requireHostedDomain = false,
): boolean {
  if (!user || !isAuthorisedEmail(user.email, companyDomain)) return false;
  if (user.hd === undefined || user.hd === null || user.hd === "") return !requireHostedDomain;
  return user.hd === companyDomain.toLowerCase();
}
