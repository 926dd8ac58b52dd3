import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { HttpError } from "../platform/errors";

/** The Standard Webhooks headers of a signed event (ARCHITECTURE §5 Workflow automation). */
const HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

/** The longest `webhook-id` remembered; Standard Webhooks ids are short (e.g. `msg_…`). */
const MAX_WEBHOOK_ID_LENGTH = 200;

const refused = (code: string, message: string) => new HttpError(401, code, message);

/**
 * Checks the signature of `rawBody` (the bytes as sent, never re-serialised JSON) with the `whsec_` secret and the
 * package's 5-minute tolerance either way. Returns the event's `webhook-id`; throws a 401 HttpError otherwise.
 */
export function verifySignedEvent(secret: string, rawBody: string, headers: IncomingHttpHeaders): string {
  const values: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = headers[name];
    if (typeof value !== "string" || value === "") {
      throw refused("signature_missing", `The ${name} header is missing.`);
    }
    values[name] = value;
  }
  const id = values["webhook-id"]!;
  if (id.length > MAX_WEBHOOK_ID_LENGTH) {
    throw new HttpError(
      400,
      "bad_webhook_id",
      `The webhook-id is longer than ${MAX_WEBHOOK_ID_LENGTH} characters.`,
    );
  }
  try {
    new Webhook(secret).verify(rawBody, values, { jsonParse: false });
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    if (/too old/i.test(err.message)) {
      throw refused("timestamp_stale", "The webhook-timestamp is more than 5 minutes old.");
    }
    if (/too new/i.test(err.message)) {
      throw refused("timestamp_in_future", "The webhook-timestamp is more than 5 minutes in the future.");
    }
    if (/Invalid Signature Headers/i.test(err.message)) {
      throw refused("timestamp_invalid", "The webhook-timestamp is not a number of seconds.");
    }
    throw refused("signature_invalid", "The webhook-signature does not match the body.");
  }
  return id;
}

/**
 * The Standard Webhooks headers that sign `payload` (the exact bytes to send) with the `whsec_` secret: what the
 * workflow service sends, and what `npm run seed`, the development simulator and the tests send in its place.
 */
export function signEvent(
  secret: string,
  payload: string,
  { id = `msg_${randomUUID()}`, at = new Date() }: { id?: string; at?: Date } = {},
): Record<(typeof HEADERS)[number], string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, payload),
  };
}
