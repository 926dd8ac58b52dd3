import { useCallback, useEffect, useRef, useState } from "react";
import type { ConnectorType } from "@shared/connectors";
import {
  CONNECTOR_DETAILS,
  SIMULATED_SYNC_MS,
  SIMULATED_SYNC_SUCCESS_RATE,
  SYNC_STATUS_RESET_MS,
} from "./constants";
import { useAuth } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";
import { syncConnector } from "./api/connectors";
import {
  ASANA_DATA_SYNC_FAILED,
  ASANA_SYNC_FAILED,
  DATA_SYNC_FAILED,
  DATA_SYNC_SUCCESSFUL,
  SIGNED_IN_REQUIRED,
  SYNC_FAILED,
  SYNC_SUCCESSFUL,
  syncFailedFor,
} from "./messages";
import { useSyncRandom } from "./sync-random";

/** SPEC §3 syncStatus. */
export type SyncStatus = "idle" | "syncing" | "success" | "error";

/** What can be synced: a connector, or Asana's second button (its data sync). */
export type SyncTarget = ConnectorType | "asana_data";

/**
 * SPEC §4 Sync status: idle → syncing → success or error → idle after 3 s, per connector and for Asana's data sync.
 * Asana and Google Meet ask the server (which calls their webhooks); every other connector is simulated: a 2 s wait
 * and about 70 % success from the injected random source.
 */
export function useConnectorSync() {
  const { user, session } = useAuth();
  const random = useSyncRandom();
  const [statuses, setStatuses] = useState<Partial<Record<SyncTarget, SyncStatus>>>({});
  const running = useRef(new Set<SyncTarget>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const after = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          resolve();
        }, ms);
        timers.current.add(timer);
      }),
    [],
  );

  const run = async (target: SyncTarget): Promise<boolean> => {
    if (target === "asana") return ask(syncConnector("asana", { kind: "projects" }));
    if (target === "asana_data") return ask(syncConnector("asana", { kind: "data" }));
    if (target === "google_meet_gemini") return ask(syncConnector(target));
    await after(SIMULATED_SYNC_MS);
    return random() < SIMULATED_SYNC_SUCCESS_RATE;
  };

  const sync = async (target: SyncTarget) => {
    if (!user || !session) {
      toast.error(SIGNED_IN_REQUIRED);
      return;
    }
    if (running.current.has(target)) return;
    running.current.add(target);
    setStatuses((s) => ({ ...s, [target]: "syncing" }));
    const ok = await run(target);
    setStatuses((s) => ({ ...s, [target]: ok ? "success" : "error" }));
    announce(target, ok);
    await after(SYNC_STATUS_RESET_MS);
    running.current.delete(target);
    setStatuses((s) => ({ ...s, [target]: "idle" }));
  };

  const statusOf = (target: SyncTarget): SyncStatus => statuses[target] ?? "idle";

  return { sync, statusOf };
}

async function ask(request: Promise<unknown>): Promise<boolean> {
  try {
    await request;
    return true;
  } catch {
    return false;
  }
}

function announce(target: SyncTarget, ok: boolean) {
  if (target === "asana_data") {
    if (ok) toast.success(DATA_SYNC_SUCCESSFUL, { description: "Asana data synced successfully." });
    else toast.error(DATA_SYNC_FAILED, { description: ASANA_DATA_SYNC_FAILED });
    return;
  }
  const name = CONNECTOR_DETAILS[target].name;
  if (ok) toast.success(SYNC_SUCCESSFUL, { description: `${name} synced successfully.` });
  else
    toast.error(SYNC_FAILED, { description: target === "asana" ? ASANA_SYNC_FAILED : syncFailedFor(name) });
}
