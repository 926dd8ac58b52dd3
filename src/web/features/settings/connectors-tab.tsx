import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { QueryScope } from "@/lib/query-client";
import { AsanaPreferencesSheet } from "./asana-preferences-sheet";
import { ConnectionStatusCard } from "./connection-status-card";
import { ConnectorCard } from "./connector-card";
import { useConnectorSync } from "./use-connector-sync";
import { useConnectors } from "./use-connectors";

/** The tab as the settings page shows it, in the page's data cache (the settings page loads this module on demand). */
export function ConnectorsTabInScope() {
  return (
    <QueryScope>
      <ConnectorsTab />
    </QueryScope>
  );
}

/** SPEC §2 Connectors tab: a card per connector, the Connection Status card and the Asana side panel. */
export function ConnectorsTab() {
  const { connectors, toggle, loading, signedIn } = useConnectors();
  const { sync, statusOf } = useConnectorSync();
  const [asanaOpen, setAsanaOpen] = useState(false);

  if (loading) return <Spinner className="py-12" />;
  return (
    <div className="grid gap-6">
      <ul aria-label="Connectors" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {connectors.map((c) => (
          <li key={c.type} className="grid">
            <ConnectorCard
              connector={c}
              // SPEC §5: the Google Drive switch is disabled without a user.
              disabled={c.type === "google_drive" && !signedIn}
              onToggle={(next) => toggle(c.type, next)}
              onOpenPreferences={
                c.type === "asana" && c.enabled && !c.isConnecting ? () => setAsanaOpen(true) : undefined
              }
            />
          </li>
        ))}
      </ul>
      <ConnectionStatusCard connectors={connectors} statusOf={statusOf} onSync={(t) => void sync(t)} />
      <AsanaPreferencesSheet open={asanaOpen} onOpenChange={setAsanaOpen} />
    </div>
  );
}
