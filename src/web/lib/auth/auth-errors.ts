import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export const AUTH_ERROR_TITLE = "Authentication Error";
export const UNEXPECTED_AUTH_ERROR = "An unexpected error occurred during authentication";

/**
 * SPEC §8: a sign-in provider error is a destructive "Authentication Error" toast with the provider's message, and
 * is logged; anything unexpected gets the generic message.
 */
export function reportAuthError(error: unknown): void {
  const message =
    typeof error === "string"
      ? error
      : error instanceof ApiError && error.status > 0
        ? error.message
        : UNEXPECTED_AUTH_ERROR;
  console.error(`${AUTH_ERROR_TITLE}: ${message}`);
  toast.error(AUTH_ERROR_TITLE, { description: message });
}
