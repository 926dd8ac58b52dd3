import { useMutation } from "@tanstack/react-query";
import { CONTACT_FIELDS, type ContactResponse } from "@shared/contact";
import type { ContactReason } from "@shared/constants";
import { apiRequest } from "@/lib/api-client";

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  dropdown: ContactReason;
  message: string;
}

export interface ContactSubmission {
  values: ContactFormValues;
  resume: File | null;
  captchaToken: string;
}

/** SPEC §3/§7: the multipart body with SPEC's field names. */
export function contactFormData({ values, resume, captchaToken }: ContactSubmission): FormData {
  const form = new FormData();
  form.append(CONTACT_FIELDS.firstName, values.firstName);
  form.append(CONTACT_FIELDS.lastName, values.lastName);
  form.append(CONTACT_FIELDS.email, values.email);
  form.append(CONTACT_FIELDS.company, values.company);
  form.append(CONTACT_FIELDS.reason, values.dropdown);
  form.append(CONTACT_FIELDS.message, values.message);
  if (resume) form.append(CONTACT_FIELDS.resume, resume, resume.name);
  form.append(CONTACT_FIELDS.captcha, captchaToken);
  return form;
}

/** POST /api/contact. SPEC §7: the form values are written to the console first — the resume by name only. */
export async function submitContact(submission: ContactSubmission): Promise<ContactResponse> {
  // One string, so every value shows in full wherever the console is read.
  // eslint-disable-next-line no-console -- SPEC §7: the form values are written to the console before sending.
  console.log(
    "Contact form submission:",
    JSON.stringify({
      ...submission.values,
      resume: submission.resume ? submission.resume.name : null,
      [CONTACT_FIELDS.captcha]: `(captcha token, ${submission.captchaToken.length} characters)`,
    }),
  );
  return apiRequest<ContactResponse>("/api/contact", { method: "POST", body: contactFormData(submission) });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
