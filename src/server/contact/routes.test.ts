import { asc, count } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { solvedAltchaToken } from "../../testing/captcha";
import {
  deflateBombDocx,
  sampleDoc,
  sampleDocx,
  sampleElf,
  samplePdf,
  samplePe,
} from "../../testing/contact-files";

let t: TestApp;
beforeAll(async () => {
  // This file sends far more than 20 submissions from one address; the limit itself is tested below.
  t = await createTestApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
});
afterAll(async () => {
  await t.close();
});

interface Upload {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart request exactly as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, files: Upload[] = []): Promise<InjectOptions> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(
      f.field ?? "resume",
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/octet-stream" }),
      f.name,
    );
  }
  const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
  return {
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": request.headers.get("content-type")!, "user-agent": "vitest-browser/1.0" },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

async function fields(overrides: Record<string, string | undefined> = {}): Promise<Record<string, string>> {
  const base: Record<string, string | undefined> = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines Ltd",
    dropdown: "Find out more about Pulse",
    message: "",
    "g-recaptcha-response": await solvedAltchaToken(t.app),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
}

async function rows() {
  return t.db.orm
    .select()
    .from(contactSubmissions)
    .orderBy(asc(contactSubmissions.createdAt), asc(contactSubmissions.id));
}

async function expectRefused(
  options: InjectOptions,
  status: number,
  error: { code: string; message: string | RegExp },
): Promise<void> {
  const before = (await rows()).length;
  const res = await t.app.inject(options);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: { code: string; message: string } }>();
  expect(body.error.code).toBe(error.code);
  if (typeof error.message === "string") expect(body.error.message).toBe(error.message);
  else expect(body.error.message).toMatch(error.message);
  expect((await rows()).length, "nothing stored").toBe(before);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/contact — accepted submissions", () => {
  it("stores a 'Find out more about Pulse' submission and answers { ok: true }", async () => {
    const before = (await rows()).length;
    const res = await t.app.inject(await multipart(await fields()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const all = await rows();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines Ltd",
      reason: "Find out more about Pulse",
      message: null,
      resumeOriginalName: null,
      resumeStoredName: null,
      resumeBytes: null,
      clientIp: "127.0.0.1",
      userAgent: "vitest-browser/1.0",
    });
  });

  it("stores a Careers submission with its resume under a server-generated name", async () => {
    const pdf = samplePdf();
    const res = await t.app.inject(
      await multipart(
        await fields({ dropdown: "Careers", message: "I would love to build Pulse.", company: "" }),
        [{ name: "../../etc/Ada CV.pdf", bytes: pdf, type: "text/html" }],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({
      reason: "Careers",
      message: "I would love to build Pulse.",
      company: null,
      resumeOriginalName: "Ada CV.pdf",
      resumeType: "application/pdf",
      resumeSize: pdf.length,
    });
    expect(row.resumeStoredName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(row.resumeBytes?.equals(pdf)).toBe(true);
  });

  it.each([
    ["cv.doc", sampleDoc(), "application/msword"],
    ["cv.docx", sampleDocx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("accepts a Careers resume %s", async (name, bytes, type) => {
    const res = await t.app.inject(await multipart(await fields({ dropdown: "Careers" }), [{ name, bytes }]));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({ resumeOriginalName: name, resumeType: type, resumeSize: bytes.length });
    expect(row.resumeBytes?.equals(bytes)).toBe(true);
  });

  it("stores a 'Something else' submission with its message", async () => {
    const res = await t.app.inject(
      await multipart(await fields({ dropdown: "Something else", message: "Do you integrate with Linear?" })),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({
      reason: "Something else",
      message: "Do you integrate with Linear?",
      resumeBytes: null,
    });
  });
});

describe("POST /api/contact — refused input stores nothing", () => {
  it.each([
    ["firstName", { firstName: undefined }, "Please enter your first name."],
    ["lastName", { lastName: "   " }, "Please enter your last name."],
    ["email (missing)", { email: undefined }, "Please enter a valid email address."],
    ["email (invalid)", { email: "ada@example" }, "Please enter a valid email address."],
    ["dropdown (missing)", { dropdown: undefined }, "Please choose a reason for contact."],
    ["dropdown (unknown)", { dropdown: "Investors" }, "Please choose a reason for contact."],
    [
      "message (too long)",
      { dropdown: "Something else", message: "x".repeat(5001) },
      "Message must be at most 5,000 characters.",
    ],
    // PostgreSQL text cannot hold U+0000: each was a 500 from the insert (issue 20 finding 10).
    [
      "firstName (U+0000)",
      { firstName: "Ada\u0000" },
      "First name must not contain the NUL character (U+0000).",
    ],
    [
      "lastName (U+0000)",
      { lastName: "Love\u0000lace" },
      "Last name must not contain the NUL character (U+0000).",
    ],
    ["email (U+0000)", { email: "ada\u0000@example.com" }, "Please enter a valid email address."],
    ["company (U+0000)", { company: "\u0000" }, "Company must not contain the NUL character (U+0000)."],
    [
      "message (U+0000)",
      { dropdown: "Something else", message: "Hello\u0000" },
      "Message must not contain the NUL character (U+0000).",
    ],
  ])("%s", async (_label, overrides, message) => {
    await expectRefused(await multipart(await fields(overrides)), 400, {
      code: "validation_failed",
      message,
    });
  });

  it("a missing captcha", async () => {
    await expectRefused(await multipart(await fields({ "g-recaptcha-response": undefined })), 400, {
      code: "captcha_required",
      message: "Please complete the reCAPTCHA.",
    });
  });

  it("a fake captcha token", async () => {
    for (const token of ["fake-token", Buffer.from('{"challenge":{},"solution":{}}').toString("base64")]) {
      await expectRefused(await multipart(await fields({ "g-recaptcha-response": token })), 400, {
        code: "captcha_invalid",
        message: "The captcha answer is not valid. Please complete the captcha again.",
      });
    }
  });

  it("a captcha answer whose challenge was tampered with or signed by another server", async () => {
    const token = await solvedAltchaToken(t.app);
    const payload = JSON.parse(Buffer.from(token, "base64").toString());
    payload.challenge.parameters.cost = 1;
    const tampered = Buffer.from(JSON.stringify(payload)).toString("base64");
    await expectRefused(await multipart(await fields({ "g-recaptcha-response": tampered })), 400, {
      code: "captcha_invalid",
      message: /not valid/,
    });

    const other = await createTestApp();
    try {
      const foreign = await solvedAltchaToken(other.app);
      await expectRefused(await multipart(await fields({ "g-recaptcha-response": foreign })), 400, {
        code: "captcha_invalid",
        message: /not valid/,
      });
    } finally {
      await other.close();
    }
  });

  it("a wrong solution to a genuine challenge", async () => {
    const token = await solvedAltchaToken(t.app);
    const payload = JSON.parse(Buffer.from(token, "base64").toString());
    payload.solution.derivedKey = "00".repeat(32);
    const wrong = Buffer.from(JSON.stringify(payload)).toString("base64");
    await expectRefused(await multipart(await fields({ "g-recaptcha-response": wrong })), 400, {
      code: "captcha_invalid",
      message: /not valid/,
    });
  });

  it("an expired captcha answer", async () => {
    const token = await solvedAltchaToken(t.app);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    await expectRefused(await multipart(await fields({ "g-recaptcha-response": token })), 400, {
      code: "captcha_expired",
      message: "The captcha has expired. Please complete it again.",
    });
  });

  it("a reused captcha token", async () => {
    const token = await solvedAltchaToken(t.app);
    const first = await t.app.inject(await multipart(await fields({ "g-recaptcha-response": token })));
    expect(first.statusCode, first.body).toBe(200);
    await expectRefused(
      await multipart(await fields({ "g-recaptcha-response": token, firstName: "Eve" })),
      400,
      {
        code: "captcha_reused",
        message: "This captcha answer has already been used. Please complete the captcha again.",
      },
    );
  });

  it("one token sent twice at once is accepted once", async () => {
    const token = await solvedAltchaToken(t.app);
    const before = (await rows()).length;
    const request = await multipart(await fields({ "g-recaptcha-response": token, firstName: "Twin" }));
    const answers = await Promise.all([t.app.inject(request), t.app.inject(request), t.app.inject(request)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await rows()).length).toBe(before + 1);
  });

  it("a refused submission leaves its captcha answer usable for the corrected one", async () => {
    const token = await solvedAltchaToken(t.app);
    await expectRefused(
      await multipart(await fields({ "g-recaptcha-response": token, email: "nope" })),
      400,
      {
        code: "validation_failed",
        message: "Please enter a valid email address.",
      },
    );
    const res = await t.app.inject(await multipart(await fields({ "g-recaptcha-response": token })));
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ["an ELF executable", sampleElf()],
    ["a PE executable", samplePe()],
  ])("%s disguised as .pdf", async (_label, bytes) => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [
        { name: "resume.pdf", bytes, type: "application/pdf" },
      ]),
      400,
      {
        code: "resume_invalid",
        message:
          "The resume's content is not a .pdf document. Please attach a real .pdf, .doc or .docx file.",
      },
    );
  });

  it("a .docx zip bomb", async () => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [
        { name: "cv.docx", bytes: deflateBombDocx(10) },
      ]),
      400,
      {
        code: "resume_invalid",
        message: "The .docx file expands to far more data than a resume needs and was refused.",
      },
    );
  });

  it("a resume of another type", async () => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [{ name: "cv.txt", bytes: Buffer.from("hi") }]),
      400,
      { code: "resume_invalid", message: "Your resume must be a .pdf, .doc or .docx file." },
    );
  });

  it("a 50 MB file", async () => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [
        { name: "cv.pdf", bytes: Buffer.concat([samplePdf(), Buffer.alloc(50 * 1024 * 1024)]) },
      ]),
      413,
      { code: "resume_too_large", message: "Your resume must be 5 MB or smaller." },
    );
  });

  it("two resumes", async () => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [
        { name: "cv.pdf", bytes: samplePdf() },
        { name: "cv2.pdf", bytes: samplePdf() },
      ]),
      400,
      { code: "too_many_files", message: "Only one resume can be attached." },
    );
  });

  it("a file in another field, unknown fields, repeated fields and too many parts", async () => {
    await expectRefused(
      await multipart(await fields({ dropdown: "Careers" }), [
        { field: "photo", name: "me.pdf", bytes: samplePdf() },
      ]),
      400,
      { code: "unexpected_field", message: 'Unexpected file in field "photo".' },
    );
    await expectRefused(await multipart({ ...(await fields()), admin: "true" }), 400, {
      code: "unexpected_field",
      message: 'Unknown field "admin".',
    });
    const repeated = await multipart(await fields());
    const twice = (repeated.payload as Buffer)
      .toString("latin1")
      .replace(
        'name="firstName"\r\n\r\nAda',
        'name="firstName"\r\n\r\nAda\r\n' +
          (repeated.headers as Record<string, string>)["content-type"]!.replace(/.*boundary=/, "--") +
          '\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nEve',
      );
    await expectRefused({ ...repeated, payload: Buffer.from(twice, "latin1") }, 400, {
      code: "duplicate_field",
      message: 'The field "firstName" was sent more than once.',
    });
    const many: Record<string, string> = await fields();
    for (let i = 0; i < 12; i++) many[`x${i}`] = "1";
    const res = await t.app.inject(await multipart(many));
    expect(res.statusCode).toBe(400);
  });

  it("a resume for a reason other than Careers", async () => {
    for (const dropdown of ["Find out more about Pulse", "Something else"]) {
      await expectRefused(
        await multipart(await fields({ dropdown }), [{ name: "cv.pdf", bytes: samplePdf() }]),
        400,
        {
          code: "resume_invalid",
          message: "A resume can only be attached when the reason for contact is Careers.",
        },
      );
    }
  });

  it("Careers without a resume", async () => {
    await expectRefused(await multipart(await fields({ dropdown: "Careers" })), 400, {
      code: "resume_invalid",
      message: "Please attach your resume (.pdf, .doc or .docx).",
    });
  });

  it("a body that is not multipart, or is malformed", async () => {
    await expectRefused(
      {
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: { firstName: "Ada" },
      },
      415,
      { code: "unsupported_media_type", message: "Send the contact form as multipart/form-data." },
    );
    await expectRefused(
      {
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        payload: '--xyz\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAda',
      },
      400,
      { code: "malformed_multipart", message: "The form data could not be read." },
    );
  });
});

describe("POST /api/contact — rate limit per client address", () => {
  it("refuses the submission past CONTACT_RATE_LIMIT within 10 minutes, for that address only", async () => {
    const limited = await createTestApp({ env: { CONTACT_RATE_LIMIT: "3" } });
    try {
      const stored = async () => (await limited.db.orm.select({ n: count() }).from(contactSubmissions))[0]!.n;
      const send = async (address: string) =>
        limited.app.inject({
          ...(await multipart({
            ...(await fields()),
            "g-recaptcha-response": await solvedAltchaToken(limited.app),
          })),
          remoteAddress: address,
        });
      for (let i = 0; i < 3; i++) expect((await send("203.0.113.7")).statusCode).toBe(200);
      const refused = await send("203.0.113.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          code: "rate_limited",
          message: "Too many contact requests from your address. Please try again in 10 minutes.",
        },
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(590);
      expect(await stored()).toBe(3);
      // Another address is not affected; a 100-request flood from the first stays refused.
      expect((await send("198.51.100.2")).statusCode).toBe(200);
      const flood = await Promise.all(
        Array.from({ length: 20 }, async () =>
          limited.app.inject({ method: "POST", url: "/api/contact", remoteAddress: "203.0.113.7" }),
        ),
      );
      expect(flood.every((r) => r.statusCode === 429)).toBe(true);
      expect(await stored()).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
