import { z } from "zod";
import { CONTACT_REASONS, RESUME_EXTENSIONS, type ContactReason } from "./constants";

/**
 * The contact form's contract (SPEC Contact page, §3 Contact form submission, §5 Contact, §8): the multipart field
 * names, the one schema both the form and POST /api/contact validate with, and the texts a person sees.
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
  tooLong: (label: string, max: number) =>
    `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
} as const;

/** True when `email` matches SPEC §5's simple pattern (the form checks it on every change). */
export function isValidEmail(email: string): boolean {
  return email.length <= CONTACT_LIMITS.emailLength && EMAIL_PATTERN.test(email);
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

const requiredText = (label: string, max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, CONTACT_MESSAGES.tooLong(label, max));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, CONTACT_MESSAGES.tooLong(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

/** What is known about a chosen resume before its bytes are read: a browser File or a received part both fit. */
export const resumeDescriptorSchema = z.object({
  name: z.string().max(CONTACT_LIMITS.resumeNameLength, CONTACT_MESSAGES.resumeType),
  size: z.number().int().nonnegative(),
});
export type ResumeDescriptor = z.infer<typeof resumeDescriptorSchema>;

/**
 * The one contact schema: the form validates with it before sending (the captcha issue becomes SPEC's alert, the
 * others inline messages) and POST /api/contact validates every received field with it.
 */
export const contactSchema = z
  .object({
    [CONTACT_FIELDS.firstName]: requiredText(
      "First name",
      CONTACT_LIMITS.nameLength,
      CONTACT_MESSAGES.firstNameRequired,
    ),
    [CONTACT_FIELDS.lastName]: requiredText(
      "Last name",
      CONTACT_LIMITS.nameLength,
      CONTACT_MESSAGES.lastNameRequired,
    ),
    // Not trimmed: the pattern itself refuses spaces, exactly as the form's on-change check does.
    [CONTACT_FIELDS.email]: z
      .string({ error: CONTACT_MESSAGES.invalidEmail })
      .max(CONTACT_LIMITS.emailLength, CONTACT_MESSAGES.invalidEmail)
      .regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
    [CONTACT_FIELDS.company]: optionalText("Company", CONTACT_LIMITS.companyLength),
    [CONTACT_FIELDS.reason]: z.enum(CONTACT_REASONS, { error: CONTACT_MESSAGES.reasonRequired }),
    // Browsers send a textarea's line breaks as CRLF in multipart bodies; they are stored as "\n".
    [CONTACT_FIELDS.message]: optionalText("Message", CONTACT_LIMITS.messageLength).transform((v) =>
      v?.replace(/\r\n?/g, "\n"),
    ),
    [CONTACT_FIELDS.resume]: resumeDescriptorSchema.optional(),
    [CONTACT_FIELDS.captcha]: z
      .string({ error: CONTACT_MESSAGES.captchaRequired })
      .min(1, CONTACT_MESSAGES.captchaRequired)
      .max(CONTACT_LIMITS.captchaLength, CONTACT_MESSAGES.captchaRequired),
  })
  .superRefine((value, ctx) => {
    const resume = value[CONTACT_FIELDS.resume];
    const path = [CONTACT_FIELDS.resume];
    if (!reasonAcceptsResume(value[CONTACT_FIELDS.reason])) {
      if (resume) ctx.addIssue({ code: "custom", path, message: CONTACT_MESSAGES.resumeNotAllowed });
      return;
    }
    if (!resume) {
      ctx.addIssue({ code: "custom", path, message: CONTACT_MESSAGES.resumeRequired });
    } else if (!resumeExtensionOf(resume.name)) {
      ctx.addIssue({ code: "custom", path, message: CONTACT_MESSAGES.resumeType });
    } else if (resume.size === 0) {
      ctx.addIssue({ code: "custom", path, message: CONTACT_MESSAGES.resumeEmpty });
    } else if (resume.size > CONTACT_LIMITS.resumeBytes) {
      ctx.addIssue({ code: "custom", path, message: CONTACT_MESSAGES.resumeTooLarge });
    }
  });

export type ContactInput = z.input<typeof contactSchema>;
export type ContactSubmission = z.output<typeof contactSchema>;
export type ContactFieldName = (typeof CONTACT_FIELDS)[keyof typeof CONTACT_FIELDS];

/** The first message per field of a failed validation, keyed by SPEC's field names. */
export function contactErrorsOf(error: z.ZodError): Partial<Record<ContactFieldName, string>> {
  const errors: Partial<Record<ContactFieldName, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactFieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** POST /api/contact's success body. */
export interface ContactResponse {
  ok: true;
}
