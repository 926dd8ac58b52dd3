// First: zod must be told not to probe for eval before the contact schema is built (see lib/zod-config.ts).
import "@/lib/zod-config";
import { zodResolver } from "@hookform/resolvers/zod";
import { contactSchema } from "@shared/contact-schema";

/**
 * The shared contact schema as react-hook-form's resolver: a chunk of its own (zod is two thirds of the form's
 * code), loaded by use-contact-form.ts once the visitor starts on the form. Sync: the schema has nothing to await,
 * so once loaded, errors show in the same tick as the change.
 */
export const contactResolver = zodResolver(contactSchema, undefined, { mode: "sync" });
