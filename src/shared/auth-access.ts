import { isAuthorisedEmail } from "./company-domain";

export interface AccessSubject {
  email: string | null | undefined;
  /** Google's hosted-domain (`hd`) claim, when Google sent one. */
  hd?: string | null | undefined;
}

/**
 * Who may use the product (SPEC §5, §6; ARCHITECTURE §5 Access): the e-mail rule of ./company-domain.ts and, where
 * Google names a hosted domain, that domain must be the company domain exactly. The root gate, the protected
 * wrapper and the server's guard all ask this one function.
 */
export function isAuthorisedUser(user: AccessSubject | null | undefined, companyDomain: string): boolean {
  if (!user || !isAuthorisedEmail(user.email, companyDomain)) return false;
  if (user.hd === undefined || user.hd === null || user.hd === "") return true;
  return user.hd === companyDomain.toLowerCase();
}
