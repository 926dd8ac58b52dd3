import { describe, expect, it } from "vitest";
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGES,
  isValidEmail,
  reasonAcceptsResume,
  reasonShowsMessage,
  resumeExtensionOf,
} from "./contact";
import { contactErrorsOf, contactSchema } from "./contact-schema";
import { CONTACT_REASONS } from "./constants";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  dropdown: "Find out more about Pulse",
  message: "",
  "g-recaptcha-response": "token",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : contactErrorsOf(result.error);
}

describe("contact e-mail rule (SPEC §5)", () => {
  it.each(["a@b.co", "ada.lovelace+pulse@mail.example.org", "x@y.z"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(errorsOf({ ...valid, email })).toEqual({});
  });

  it.each([
    "",
    "ada",
    "ada@",
    "ada@example",
    "@example.com",
    "ada @example.com",
    " ada@example.com",
    "a@b@c.com",
    "ada\u0000@example.com",
  ])("refuses %j with SPEC's message", (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(errorsOf({ ...valid, email })).toEqual({ email: "Please enter a valid email address." });
  });
});

describe("contact schema", () => {
  it("uses SPEC's field names and trims text, dropping empty optional fields", () => {
    const result = contactSchema.parse({ ...valid, firstName: "  Ada ", company: "  ", message: "" });
    expect(result).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: undefined,
      dropdown: "Find out more about Pulse",
      message: undefined,
      resume: undefined,
      "g-recaptcha-response": "token",
    });
    expect(Object.values(CONTACT_FIELDS)).toEqual([
      "firstName",
      "lastName",
      "email",
      "company",
      "dropdown",
      "message",
      "resume",
      "g-recaptcha-response",
    ]);
  });

  it("stores a message's line breaks as \\n whatever the browser sent", () => {
    const result = contactSchema.parse({
      ...valid,
      dropdown: "Something else",
      message: "Hi\r\nthere\rfriend\n",
    });
    expect(result.message).toBe("Hi\nthere\nfriend");
  });

  it("requires first name, last name, e-mail and reason", () => {
    expect(
      errorsOf({ ...valid, firstName: " ", lastName: undefined, email: undefined, dropdown: "" }),
    ).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter a valid email address.",
      dropdown: "Please choose a reason for contact.",
    });
  });

  it("accepts only SPEC's three reasons", () => {
    for (const reason of CONTACT_REASONS) {
      const resume = reason === "Careers" ? { name: "cv.pdf", size: 10 } : undefined;
      expect(errorsOf({ ...valid, dropdown: reason, resume })).toEqual({});
    }
    expect(errorsOf({ ...valid, dropdown: "Sales" })).toEqual({
      dropdown: "Please choose a reason for contact.",
    });
  });

  it("refuses a missing captcha with SPEC's alert text", () => {
    expect(errorsOf({ ...valid, "g-recaptcha-response": "" })).toEqual({
      "g-recaptcha-response": "Please complete the reCAPTCHA.",
    });
  });

  it("writes the limits with thousands separators, as en-US does", () => {
    expect(CONTACT_MESSAGES.tooLong("Notes", 1_234_567)).toBe("Notes must be at most 1,234,567 characters.");
    expect(CONTACT_MESSAGES.tooLong("Notes", 999)).toBe("Notes must be at most 999 characters.");
  });

  it("caps the length of every text field", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Message must be at most 5,000 characters.",
    });
    expect(errorsOf({ ...valid, firstName: "x".repeat(101) })).toEqual({
      firstName: "First name must be at most 100 characters.",
    });
    expect(errorsOf({ ...valid, company: "x".repeat(201) })).toEqual({
      company: "Company must be at most 200 characters.",
    });
  });

  describe("resume", () => {
    const careers = { ...valid, dropdown: "Careers", message: "I would like to join." };

    it("is required for Careers", () => {
      expect(errorsOf(careers)).toEqual({ resume: CONTACT_MESSAGES.resumeRequired });
    });

    it.each(["cv.pdf", "CV.PDF", "cv.doc", "my resume.docx"])("accepts %s for Careers", (name) => {
      expect(errorsOf({ ...careers, resume: { name, size: 1000 } })).toEqual({});
    });

    it.each(["cv.txt", "cv.pdf.exe", "cv", "cv.docm"])("refuses %s", (name) => {
      expect(errorsOf({ ...careers, resume: { name, size: 1000 } })).toEqual({
        resume: "Your resume must be a .pdf, .doc or .docx file.",
      });
    });

    it("refuses an empty file and one over 5 MB", () => {
      expect(errorsOf({ ...careers, resume: { name: "cv.pdf", size: 0 } })).toEqual({
        resume: "The chosen resume file is empty.",
      });
      expect(errorsOf({ ...careers, resume: { name: "cv.pdf", size: 5 * 1024 * 1024 } })).toEqual({});
      expect(errorsOf({ ...careers, resume: { name: "cv.pdf", size: 5 * 1024 * 1024 + 1 } })).toEqual({
        resume: "Your resume must be 5 MB or smaller.",
      });
    });

    it.each(["Find out more about Pulse", "Something else"])("is refused for %s", (reason) => {
      expect(errorsOf({ ...valid, dropdown: reason, resume: { name: "cv.pdf", size: 10 } })).toEqual({
        resume: "A resume can only be attached when the reason for contact is Careers.",
      });
    });
  });

  it("says which reasons show the message box and the resume upload", () => {
    expect(CONTACT_REASONS.map(reasonShowsMessage)).toEqual([false, true, true]);
    expect(CONTACT_REASONS.map(reasonAcceptsResume)).toEqual([false, true, false]);
    expect(resumeExtensionOf("A.DocX")).toBe(".docx");
    expect(resumeExtensionOf("a.doc")).toBe(".doc");
    expect(resumeExtensionOf("a.pdfx")).toBeUndefined();
  });
});
