import type { FastifyRequest } from "fastify";
import path from "node:path";
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES } from "@shared/contact";
import { HttpError, badRequest } from "../platform/errors";

/** The multipart contact form as received: SPEC's text fields and at most one resume, read into memory. */
export interface ReceivedContactForm {
  fields: Partial<Record<string, string>>;
  resume: { filename: string; bytes: Buffer } | undefined;
}

const TEXT_FIELDS = new Set<string>([
  CONTACT_FIELDS.firstName,
  CONTACT_FIELDS.lastName,
  CONTACT_FIELDS.email,
  CONTACT_FIELDS.company,
  CONTACT_FIELDS.reason,
  CONTACT_FIELDS.message,
  CONTACT_FIELDS.captcha,
]);

/** Busboy limits: SPEC's eight fields, one resume; the second file is read only far enough to refuse it. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  // The longest text field (a 5,000-character message) in 4-byte UTF-8, with room to spare.
  fieldSize: 32 * 1024,
  fields: 10,
  files: 2,
  fileSize: CONTACT_LIMITS.resumeBytes,
  parts: 12,
  headerPairs: 50,
} as const;

const TOO_MANY_PARTS = "The form has more parts than the contact form sends.";

/** Reads the whole form (the resume is at most 5 MB) so that the captcha can be checked before anything else. */
export async function readContactForm(request: FastifyRequest): Promise<ReceivedContactForm> {
  const fields: Partial<Record<string, string>> = {};
  let resume: ReceivedContactForm["resume"];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === "file") {
        if (part.fieldname !== CONTACT_FIELDS.resume) {
          part.file.resume();
          throw badRequest(`Unexpected file in field "${part.fieldname}".`, "unexpected_field");
        }
        if (resume) {
          part.file.resume();
          throw badRequest("Only one resume can be attached.", "too_many_files");
        }
        const bytes = await part.toBuffer();
        // An empty file input sends a nameless, empty part: that is no resume.
        if (part.filename === "" && bytes.length === 0) continue;
        resume = { filename: cleanFileName(part.filename), bytes };
        continue;
      }
      const name = part.fieldname;
      const value = typeof part.value === "string" ? part.value : String(part.value);
      if (name === CONTACT_FIELDS.resume) {
        // A client may send "resume" as an empty text field when it has no file.
        if (value !== "") throw badRequest("The resume must be sent as a file.", "validation_failed");
        continue;
      }
      if (!TEXT_FIELDS.has(name)) throw badRequest(`Unknown field "${name}".`, "unexpected_field");
      if (fields[name] !== undefined)
        throw badRequest(`The field "${name}" was sent more than once.`, "duplicate_field");
      if (part.valueTruncated) {
        throw badRequest(`The field "${name}" is too long.`, "validation_failed");
      }
      fields[name] = value;
    }
  } catch (err) {
    throw multipartError(err);
  }
  return { fields, resume };
}

function multipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpError(413, "resume_too_large", CONTACT_MESSAGES.resumeTooLarge);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_FILES_LIMIT":
      return badRequest(TOO_MANY_PARTS, "too_many_parts");
    case "FST_PROTO_VIOLATION":
      return badRequest("The form has a field name that is not allowed.", "unexpected_field");
    case "FST_INVALID_JSON_FIELD_ERROR":
      return badRequest("The form has a field that is not valid.", "validation_failed");
    default: {
      // Busboy's own complaints (truncated or malformed multipart) and premature closes.
      const status = (err as { statusCode?: unknown }).statusCode;
      return err instanceof Error && (status === undefined || status === 400)
        ? badRequest("The form data could not be read.", "malformed_multipart")
        : err;
    }
  }
}

/** The visitor's file name without any directory part or control characters, as shown to an operator. */
export function cleanFileName(name: string): string {
  const base = path.posix
    .basename(name.replace(/\\/g, "/"))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base.slice(-CONTACT_LIMITS.resumeNameLength);
}
