import { randomUUID } from "node:crypto";
import type { ContactSubmission } from "@shared/contact";
import { CONTACT_FIELDS } from "@shared/contact";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import type { CaptchaCheck } from "../captcha/types";
import { claimToken } from "../captcha/used-tokens";
import { captchaError } from "../captcha/verifier";
import type { ResumeKind } from "./resume-file";

export interface AcceptedResume {
  originalName: string;
  kind: ResumeKind;
  mimeType: string;
  bytes: Buffer;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

const USER_AGENT_LENGTH = 512;

/**
 * Stores an accepted submission with its resume and uses up its captcha token, in one transaction: either both
 * happen or neither (a token claimed meanwhile by another instance rolls everything back).
 */
export async function storeSubmission(
  db: Database,
  captcha: Extract<CaptchaCheck, { ok: true }>,
  submission: ContactSubmission,
  resume: AcceptedResume | undefined,
  client: ClientInfo,
): Promise<{ id: string; storedName: string | null }> {
  const storedName = resume ? `${randomUUID()}.${resume.kind}` : null;
  return db.orm.transaction(async (tx) => {
    if (!(await claimToken(tx, captcha))) throw captchaError("reused");
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        firstName: submission[CONTACT_FIELDS.firstName],
        lastName: submission[CONTACT_FIELDS.lastName],
        email: submission[CONTACT_FIELDS.email],
        company: submission[CONTACT_FIELDS.company] ?? null,
        reason: submission[CONTACT_FIELDS.reason],
        message: submission[CONTACT_FIELDS.message] ?? null,
        resumeOriginalName: resume?.originalName ?? null,
        resumeStoredName: storedName,
        resumeType: resume?.mimeType ?? null,
        resumeSize: resume?.bytes.length ?? null,
        resumeBytes: resume?.bytes ?? null,
        clientIp: client.ip,
        userAgent: client.userAgent?.slice(0, USER_AGENT_LENGTH) ?? null,
      })
      .returning({ id: contactSubmissions.id });
    return { id: row!.id, storedName };
  });
}
