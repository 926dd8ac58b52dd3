import { describe, expect, it } from "vitest";
import type { ContactSubmission } from "@shared/contact-schema";
import { samplePdf } from "../../testing/contact-files";
import { useFileDatabase } from "../../testing/database-per-file";
import { countSubmissions, recentSubmissions, storeSubmission, submissionResume } from "./store";

const file = useFileDatabase();

let tokens = 0;
const captcha = () =>
  ({
    ok: true,
    provider: "altcha",
    tokenId: `altcha:test-${++tokens}`,
    expiresAt: new Date(Date.now() + 60_000),
  }) as const;

const submission = (overrides: Partial<ContactSubmission> = {}): ContactSubmission => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: undefined,
  dropdown: "Something else",
  message: "Hello",
  resume: undefined,
  "g-recaptcha-response": "token",
  ...overrides,
});

const client = { ip: "203.0.113.7", userAgent: "Firefox" };

describe("contact submissions store (Drizzle)", () => {
  it("lists what was stored newest first, counts it, and gives back a resume byte for byte", async () => {
    const { db } = file;
    expect(await recentSubmissions(db.orm, 10)).toEqual([]);
    expect(await countSubmissions(db.orm)).toBe(0);

    const plain = await storeSubmission(db, captcha(), submission(), undefined, client);
    const pdf = samplePdf();
    const careers = await storeSubmission(
      db,
      captcha(),
      submission({ firstName: "Grace", dropdown: "Careers", company: "Navy" }),
      { originalName: "Grace CV.pdf", kind: "pdf", mimeType: "application/pdf", bytes: pdf },
      { ip: "198.51.100.4", userAgent: undefined },
    );

    expect(await countSubmissions(db.orm)).toBe(2);
    const listed = await recentSubmissions(db.orm, 10);
    expect(listed.map((s) => s.id)).toEqual([careers.id, plain.id]);
    expect(listed[0]).toEqual({
      id: careers.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      firstName: "Grace",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Navy",
      reason: "Careers",
      message: "Hello",
      resume: {
        originalName: "Grace CV.pdf",
        storedName: careers.storedName,
        type: "application/pdf",
        size: pdf.length,
      },
      clientIp: "198.51.100.4",
      userAgent: null,
    });
    expect(listed[1]).toMatchObject({ id: plain.id, company: null, resume: null, userAgent: "Firefox" });
    expect(await recentSubmissions(db.orm, 1)).toHaveLength(1);

    const resume = await submissionResume(db.orm, careers.id);
    expect(resume?.resume?.bytes.equals(pdf)).toBe(true);
    expect(resume?.resume).toMatchObject({ originalName: "Grace CV.pdf", type: "application/pdf" });
    expect(await submissionResume(db.orm, plain.id)).toEqual({ resume: undefined });
    expect(await submissionResume(db.orm, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("stores nothing when the captcha token was already used", async () => {
    const { db } = file;
    const before = await countSubmissions(db.orm);
    const token = captcha();
    await storeSubmission(db, token, submission(), undefined, client);
    await expect(storeSubmission(db, token, submission(), undefined, client)).rejects.toMatchObject({
      code: "captcha_reused",
    });
    expect(await countSubmissions(db.orm)).toBe(before + 1);
  });
});
