import { Loader2, SlidersHorizontal } from "lucide-react";
import { useId, type MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { ConnectorIcon } from "./connector-icon";
import type { ConnectorView } from "./use-connectors";

interface ConnectorCardProps {
  connector: ConnectorView;
  disabled: boolean;
  onToggle: (next: boolean) => void;
  /** Given for the enabled Asana card: a click on the card opens its sync preferences. */
  onOpenPreferences?: (() => void) | undefined;
}

/** SPEC §2: a connector's icon, name, description and on/off switch. */
export function ConnectorCard({ connector, disabled, onToggle, onOpenPreferences }: ConnectorCardProps) {
  const titleId = useId();
  const { name, description, enabled, isConnecting, isSaving, connectingTo } = connector;
  // The card is the click target SPEC names; its own controls keep their clicks.
  const openFromCard = (event: MouseEvent) => {
    if ((event.target as Element).closest("button, a, input, label")) return;
    onOpenPreferences?.();
  };
  return (
    <Card
      data-testid={`connector-${connector.type}`}
      className={cn(onOpenPreferences && "cursor-pointer transition-colors hover:border-primary")}
      onClick={onOpenPreferences ? openFromCard : undefined}
    >
      <CardHeader className="flex-row items-start gap-4">
        <ConnectorIcon type={connector.type} />
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle as="h2" id={titleId} className="text-base">
            {name}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
          {isConnecting && (
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
              <Loader2 className="size-3 animate-spin" aria-hidden="true" />
              {connectingTo ? "Connecting..." : "Disconnecting..."}
            </p>
          )}
          {onOpenPreferences && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onOpenPreferences}>
              <SlidersHorizontal aria-hidden="true" />
              Sync Preferences
            </Button>
          )}
        </div>
        <Switch
          aria-labelledby={titleId}
          checked={enabled}
          disabled={disabled || isConnecting}
          aria-busy={isConnecting || isSaving || undefined}
          onCheckedChange={onToggle}
        />
      </CardHeader>
    </Card>
  );
}
