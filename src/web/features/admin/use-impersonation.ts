import { useState } from "react";

export const IMPERSONATION_ERROR_TEXT = "Please select a user and provide a reason for impersonation";

/** SPEC §4 Impersonation (demo): inactive → active with a chosen user and a reason; stop clears both. */
export function useImpersonation() {
  const [userId, setUserId] = useState("");
  const [reason, setReason] = useState("");
  const [active, setActive] = useState(false);

  /** SPEC §5: a user and a reason that is not blank (whitespace does not count). */
  const canStart = userId !== "" && reason.trim() !== "";

  /** Starts when allowed; returns false (and stays inactive) otherwise, for the caller to report. */
  const start = (): boolean => {
    if (!canStart) return false;
    setActive(true);
    return true;
  };

  const stop = () => {
    setActive(false);
    setUserId("");
    setReason("");
  };

  return { userId, setUserId, reason, setReason, active, canStart, start, stop };
}

export type Impersonation = ReturnType<typeof useImpersonation>;
