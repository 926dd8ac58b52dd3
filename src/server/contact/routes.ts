import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { CONTACT_FIELDS, type ContactResponse } from "@shared/contact";
import { contactSchema } from "@shared/contact-schema";
import { captchaError, createCaptchaVerifier } from "../platform/captcha/verifier";
import { HttpError, badRequest } from "../platform/errors";
import { createRateLimiter, rateLimitHook } from "../platform/rate-limit/limiter";
import { MULTIPART_LIMITS, readContactForm } from "./read-form";
import { checkResume } from "./resume-file";
import { storeSubmission, type AcceptedResume } from "./store";

/**
 * POST /api/contact (SPEC §3/§7, ARCHITECTURE §5 Contact pipeline): SPEC's multipart fields; the captcha is checked
 * first, then every field with the shared schema, then the resume by content; the submission is stored in one
 * transaction before the 200. Every refusal is a 4xx `{ error: { code, message } }` and stores nothing.
 */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  // Registered in this plugin's scope only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  const verifier = createCaptchaVerifier(app.config, app.db);
  const limiter = createRateLimiter(app.db, { name: "contact", ...app.config.contactRateLimit });

  app.post(
    "/api/contact",
    {
      onRequest: rateLimitHook(limiter, (seconds) => {
        const minutes = Math.ceil(seconds / 60);
        return `Too many contact requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      }),
    },
    async (request): Promise<ContactResponse> => {
      if (!request.isMultipart()) {
        throw new HttpError(415, "unsupported_media_type", "Send the contact form as multipart/form-data.");
      }
      const form = await readContactForm(request);

      const captcha = await verifier.verify(form.fields[CONTACT_FIELDS.captcha], request.ip);
      if (!captcha.ok) throw captchaError(captcha.failure);

      const parsed = contactSchema.safeParse({
        ...form.fields,
        [CONTACT_FIELDS.resume]: form.resume
          ? { name: form.resume.filename, size: form.resume.bytes.length }
          : undefined,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(
          issue?.message ?? "The form is not valid.",
          issue?.path[0] === CONTACT_FIELDS.resume ? "resume_invalid" : "validation_failed",
        );
      }

      let resume: AcceptedResume | undefined;
      if (form.resume) {
        const check = await checkResume(form.resume.filename, form.resume.bytes);
        if (!check.ok) throw badRequest(check.message, "resume_invalid");
        resume = {
          originalName: form.resume.filename,
          kind: check.kind,
          mimeType: check.mimeType,
          bytes: form.resume.bytes,
        };
      }

      const stored = await storeSubmission(app.db, captcha, parsed.data, resume, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      request.log.info(
        { submissionId: stored.id, reason: parsed.data[CONTACT_FIELDS.reason], resume: Boolean(resume) },
        "contact submission stored",
      );
      app.metrics.contactStored();
      return { ok: true };
    },
  );
};
