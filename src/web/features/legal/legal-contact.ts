/** Where legal and privacy questions go; one place so the Terms and the Privacy Policy stay consistent. */
export const LEGAL_EMAIL = "legal@pulse.ai";
export const PRIVACY_EMAIL = "privacy@pulse.ai";
export const COMPANY_LOCATION = "Los Angeles, California";
/** SPEC §2: both documents are effective and last updated May 2025. */
export const EFFECTIVE_DATE = "May 2025";
export const LAST_UPDATED = "May 2025";
