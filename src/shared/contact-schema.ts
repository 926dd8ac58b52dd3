// The contact schema, apart from the contract in contact.ts: zod and the schema are most of the contact form's
// code, and the web app loads them once the visitor starts on the form (features/contact/contact-validation.ts).
import { z } from "zod";
import { CONTACT_REASONS } from "./constants";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  EMAIL_PATTERN,
  reasonAcceptsResume,
  resumeExtensionOf,
  type ContactFieldName,
} from "./contact";
import { text } from "./text";

const requiredText = (label: string, max: number, required: string) =>
  text({ error: required }, CONTACT_MESSAGES.nulCharacter(label))
    .trim()
    .min(1, required)
    .max(max, CONTACT_MESSAGES.tooLong(label, max));

const optionalText = (label: string, max: number) =>
  text(undefined, CONTACT_MESSAGES.nulCharacter(label))
    .trim()
    .max(max, CONTACT_MESSAGES.tooLong(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

/** What is known about a chosen resume before its bytes are read: a browser File or a received part both fit. */
export const resumeDescriptorSchema = z.object({
  name: text(undefined, CONTACT_MESSAGES.nulCharacter("The resume's file name")).max(
    CONTACT_LIMITS.resumeNameLength,
    CONTACT_MESSAGES.resumeType,
  ),
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
    [CONTACT_FIELDS.email]: text({ error: CONTACT_MESSAGES.invalidEmail }, CONTACT_MESSAGES.invalidEmail)
      .max(CONTACT_LIMITS.emailLength, CONTACT_MESSAGES.invalidEmail)
      .regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
    [CONTACT_FIELDS.company]: optionalText("Company", CONTACT_LIMITS.companyLength),
    [CONTACT_FIELDS.reason]: z.enum(CONTACT_REASONS, { error: CONTACT_MESSAGES.reasonRequired }),
    // Browsers send a textarea's line breaks as CRLF in multipart bodies; they are stored as "\n".
    [CONTACT_FIELDS.message]: optionalText("Message", CONTACT_LIMITS.messageLength).transform((v) =>
      v?.replace(/\r\n?/g, "\n"),
    ),
    [CONTACT_FIELDS.resume]: resumeDescriptorSchema.optional(),
    [CONTACT_FIELDS.captcha]: text(
      { error: CONTACT_MESSAGES.captchaRequired },
      CONTACT_MESSAGES.captchaRequired,
    )
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

/** The first message per field of a failed validation, keyed by SPEC's field names. */
export function contactErrorsOf(error: z.ZodError): Partial<Record<ContactFieldName, string>> {
  const errors: Partial<Record<ContactFieldName, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactFieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
