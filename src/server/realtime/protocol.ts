import { z } from "zod";
import { REALTIME_CHANNELS, type RealtimeClientMessage } from "@shared/realtime";

/** What the server accepts from a client (the shapes of src/shared/realtime.ts, checked). */
export const clientMessageSchema: z.ZodType<RealtimeClientMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal("join"),
    channel: z.enum(REALTIME_CHANNELS),
    user_id: z.string().max(64).optional(),
  }),
  z.object({ type: z.literal("leave"), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal("ping"), ref: z.number().int().nonnegative() }),
]);
