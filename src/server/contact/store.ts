import { count, desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { ContactSubmission } from "@shared/contact-schema";
import { CONTACT_FIELDS } from "@shared/contact";
import type { Database, Orm } from "../db/client";
import { contactSubmissions } from "../db/schema";
import type { CaptchaCheck } from "../platform/captcha/types";
import { claimToken } from "../platform/captcha/used-tokens";
import { captchaError } from "../platform/captcha/verifier";
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
 * The one module that reads and writes pulse.contact_submissions, in Drizzle (issue #7 item 19: one data-access
 * style): the server stores here and the operator command (`npm run contact:list`) reads here.
 */

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

/** A stored submission as an operator sees it: everything but the resume's bytes. */
export interface SubmissionSummary {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  reason: string;
  message: string | null;
  resume: { originalName: string; storedName: string; type: string; size: number } | null;
  clientIp: string | null;
  userAgent: string | null;
}

/** The `limit` most recent submissions, newest first (the id breaks ties so the order is stable). */
export async function recentSubmissions(orm: Orm, limit: number): Promise<SubmissionSummary[]> {
  const s = contactSubmissions;
  const rows = await orm
    .select({
      id: s.id,
      createdAt: s.createdAt,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      company: s.company,
      reason: s.reason,
      message: s.message,
      resumeOriginalName: s.resumeOriginalName,
      resumeStoredName: s.resumeStoredName,
      resumeType: s.resumeType,
      resumeSize: s.resumeSize,
      clientIp: s.clientIp,
      userAgent: s.userAgent,
    })
    .from(s)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit);
  return rows.map(({ resumeOriginalName, resumeStoredName, resumeType, resumeSize, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    resume: resumeStoredName
      ? {
          originalName: resumeOriginalName ?? "",
          storedName: resumeStoredName,
          type: resumeType ?? "",
          size: resumeSize ?? 0,
        }
      : null,
  }));
}

export async function countSubmissions(orm: Orm): Promise<number> {
  const [row] = await orm.select({ n: count() }).from(contactSubmissions);
  return row?.n ?? 0;
}

/** A submission's resume as stored; `null` when there is no such submission, `undefined` resume when it has none. */
export async function submissionResume(
  orm: Orm,
  id: string,
): Promise<{ resume: { originalName: string; type: string; bytes: Buffer } | undefined } | null> {
  const s = contactSubmissions;
  const [row] = await orm
    .select({ originalName: s.resumeOriginalName, type: s.resumeType, bytes: s.resumeBytes })
    .from(s)
    .where(eq(s.id, id))
    .limit(1);
  if (!row) return null;
  if (!row.bytes) return { resume: undefined };
  return {
    resume: { originalName: row.originalName ?? "", type: row.type ?? "", bytes: row.bytes },
  };
}
