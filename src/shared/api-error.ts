import { z } from "zod";

/** Every API error body (ARCHITECTURE §5 Product API). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
