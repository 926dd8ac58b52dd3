import { z } from "zod";

/** What the browser needs to know about the deployment, served at GET /api/config. */
export const publicConfigSchema = z.object({
  companyDomain: z.string(),
  captcha: z.discriminatedUnion("provider", [
    z.object({ provider: z.literal("recaptcha"), siteKey: z.string() }),
    z.object({ provider: z.literal("altcha"), challengeUrl: z.string() }),
  ]),
  /** Where the Terms and the Privacy Policy send questions (LEGAL_EMAIL, PRIVACY_EMAIL). */
  /** Production: only accounts the company's Google Workspace manages (an `hd` claim) may use the product. */
  requireHostedDomain: z.boolean().optional(),
  legal: z.object({ legalEmail: z.string(), privacyEmail: z.string() }).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
