import { Check, Loader2, RefreshCw, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConnectorIcon } from "./connector-icon";
import type { SyncStatus, SyncTarget } from "./use-connector-sync";
import type { ConnectorView } from "./use-connectors";

interface ConnectionStatusCardProps {
  connectors: readonly ConnectorView[];
  statusOf: (target: SyncTarget) => SyncStatus;
  onSync: (target: SyncTarget) => void;
}

/** SPEC §2 Connection Status: the enabled connectors, each with its sync button(s) (§4 Sync status). */
export function ConnectionStatusCard({ connectors, statusOf, onSync }: ConnectionStatusCardProps) {
  const enabled = connectors.filter((c) => c.enabled && !c.isConnecting);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connection Status</CardTitle>
        <CardDescription>Your enabled connectors</CardDescription>
      </CardHeader>
      <CardContent>
        {enabled.length === 0 ? (
          <p className="text-sm text-muted-foreground">No connectors enabled.</p>
        ) : (
          <ul aria-label="Enabled connectors" className="divide-y">
            {enabled.map((c) => (
              <li key={c.type} className="flex flex-wrap items-center gap-3 py-3">
                <ConnectorIcon type={c.type} className="size-5" />
                <span className="font-medium">{c.name}</span>
                <Badge variant="green">Connected</Badge>
                <div className="ml-auto flex flex-wrap gap-2">
                  <SyncButton name={c.name} status={statusOf(c.type)} onClick={() => onSync(c.type)} />
                  {c.type === "asana" && (
                    <SyncButton
                      name={c.name}
                      data
                      status={statusOf("asana_data")}
                      onClick={() => onSync("asana_data")}
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const FACE: Record<SyncStatus, { text: string; icon: typeof Check }> = {
  idle: { text: "Sync", icon: RefreshCw },
  syncing: { text: "Syncing...", icon: Loader2 },
  success: { text: "Synced", icon: Check },
  error: { text: "Sync failed", icon: X },
};

/** Named "Sync Asana" / "Sync Asana Data" whatever it shows, so its name stays stable while it works. */
function SyncButton({
  name,
  data = false,
  status,
  onClick,
}: {
  name: string;
  data?: boolean;
  status: SyncStatus;
  onClick: () => void;
}) {
  const { text, icon: Icon } = FACE[status];
  return (
    <Button
      variant={status === "error" ? "destructive" : "outline"}
      size="sm"
      onClick={onClick}
      disabled={status !== "idle"}
      aria-label={`Sync ${name}${data ? " Data" : ""}`}
      data-status={status}
    >
      <Icon className={status === "syncing" ? "animate-spin" : undefined} aria-hidden="true" />
      {data && status === "idle" ? "Sync Data" : text}
    </Button>
  );
}
