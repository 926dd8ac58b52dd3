import { useRef, useState } from "react";
import type { SpecAlertMessage } from "@/components/ui/spec-alert";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { PROFILE_NOT_FOUND_MESSAGE, type ProjectCandidate } from "@shared/streams";
import { createPulseMap } from "./streams-api";

export const PROJECT_CREATED_MESSAGE = "Project created successfully!";
export const createFailedMessage = (reason: string) => `Failed to create project: ${reason}`;

/**
 * SPEC §2/§5/§8 "Create New PulseMap": with no signed-in user it does nothing; otherwise it ends in one of SPEC's
 * three alerts. As SPEC says, neither list is refreshed afterwards. One creation at a time, so a double click
 * sends one request (the server's constraint refuses a second PulseMap anyway).
 */
export function useCreatePulseMap() {
  const { user, session } = useAuth();
  const [alert, setAlert] = useState<SpecAlertMessage | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function create(candidate: ProjectCandidate): Promise<void> {
    if (!user || !session || inFlight.current) return;
    inFlight.current = true;
    setCreating(candidate.alias_id);
    setAlert(null);
    try {
      await createPulseMap(candidate.alias_id);
      setAlert({ message: PROJECT_CREATED_MESSAGE, tone: "success" });
    } catch (error) {
      if (error instanceof ApiError && error.code === "profile_not_found") {
        setAlert({ message: PROFILE_NOT_FOUND_MESSAGE });
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        setAlert({ message: createFailedMessage(reason) });
      }
    } finally {
      inFlight.current = false;
      setCreating(null);
    }
  }

  return { alert, creating, create };
}
