import { CONTACT_REASONS, RESUME_EXTENSIONS, type ContactReason } from "./constants";

/**
 * The contact form's contract (SPEC Contact page, §3 Contact form submission, §5 Contact, §8): the multipart field
 * names, the limits and the texts a person sees. The one schema both the form and POST /api/contact validate with is
 * in contact-schema.ts: this module carries no zod, so the form can show itself before zod has loaded.
 */

/** SPEC §3/§7 multipart field names, exactly as the handler service receives them. */
export const CONTACT_FIELDS = {
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  company: "company",
  reason: "dropdown",
  message: "message",
  resume: "resume",
  captcha: "g-recaptcha-response",
} as const;

export const CAREERS: ContactReason = "Careers";
export const DEFAULT_CONTACT_REASON: ContactReason = CONTACT_REASONS[0];

/** SPEC §5: non-space characters, @, domain, dot suffix. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_LIMITS = {
  nameLength: 100,
  emailLength: 254,
  companyLength: 200,
  messageLength: 5_000,
  /** Captcha tokens: reCAPTCHA's are about 2 KB, ALTCHA payloads under 1 KB. */
  captchaLength: 10_000,
  resumeNameLength: 255,
  resumeBytes: 5 * 1024 * 1024,
} as const;

export const CONTACT_MESSAGES = {
  // SPEC §5/§8, word for word.
  invalidEmail: "Please enter a valid email address.",
  captchaRequired: "Please complete the reCAPTCHA.",
  submitFailed: "There was an error submitting the form. Please try again.",
  // Pulse's own wording for what SPEC requires but does not word.
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  reasonRequired: "Please choose a reason for contact.",
  resumeRequired: "Please attach your resume (.pdf, .doc or .docx).",
  resumeType: "Your resume must be a .pdf, .doc or .docx file.",
  resumeEmpty: "The chosen resume file is empty.",
  resumeTooLarge: "Your resume must be 5 MB or smaller.",
  resumeNotAllowed: "A resume can only be attached when the reason for contact is Careers.",
  tooLong: (label: string, max: number) => `${label} must be at most ${withThousands(max)} characters.`,
  // PostgreSQL text cannot hold U+0000 (src/shared/text.ts); no keyboard types it, so this is for pasted bytes.
  nulCharacter: (label: string) => `${label} must not contain the NUL character (U+0000).`,
} as const;

/**
 * 5000 → "5,000", as `toLocaleString("en-US")` writes it, without Intl: the schema builds these messages when the
 * contact form's code loads, and a browser's first Intl number format costs tens of milliseconds of main thread.
 */
function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * True when `email` matches SPEC §5's simple pattern (the form checks it on every change) and holds no U+0000,
 * which the pattern lets through and the database cannot store: the same answer as the contact schema's.
 */
export function isValidEmail(email: string): boolean {
  return email.length <= CONTACT_LIMITS.emailLength && EMAIL_PATTERN.test(email) && !email.includes("\u0000");
}

/** The resume upload exists only for Careers (SPEC Contact page). */
export function reasonAcceptsResume(reason: string): boolean {
  return reason === CAREERS;
}

/** The message box shows for Careers and Something else, not for the default reason (SPEC Contact page). */
export function reasonShowsMessage(reason: string): boolean {
  return reason !== DEFAULT_CONTACT_REASON;
}

/** ".pdf", ".doc" or ".docx" when the name ends in one of them (any letter case), else undefined. */
export function resumeExtensionOf(name: string): (typeof RESUME_EXTENSIONS)[number] | undefined {
  const lower = name.toLowerCase();
  return RESUME_EXTENSIONS.find((ext) => lower.endsWith(ext));
}

export type ContactFieldName = (typeof CONTACT_FIELDS)[keyof typeof CONTACT_FIELDS];

/** POST /api/contact's success body. */
export interface ContactResponse {
  ok: true;
}
