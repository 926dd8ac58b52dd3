import { publicConfig } from "@/lib/public-config";

export const COMPANY_LOCATION = "Los Angeles, California";
/** SPEC §2: both documents are effective and last updated May 2025. */
export const EFFECTIVE_DATE = "May 2025";
export const LAST_UPDATED = "May 2025";

/** Used only when the page carries no settings (the server always sends LEGAL_EMAIL and PRIVACY_EMAIL). */
const DEFAULT_CONTACTS = { legalEmail: "legal@pulse.ai", privacyEmail: "privacy@pulse.ai" };

/**
 * A mailto link to the deployment's legal or privacy address (LEGAL_EMAIL, PRIVACY_EMAIL), so both documents name
 * the operator's own addresses.
 */
export function LegalEmail({ to }: { to: "legal" | "privacy" }) {
  const contacts = publicConfig().legal ?? DEFAULT_CONTACTS;
  const address = to === "legal" ? contacts.legalEmail : contacts.privacyEmail;
  return <a href={`mailto:${address}`}>{address}</a>;
}
