import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { cn } from "@/lib/cn";

export interface SpecAlertMessage {
  message: string;
  /** The server's own explanation, when it gave one; shown after SPEC's sentence, never inside it. */
  detail?: string | undefined;
  /** A confirmation ("Project created successfully!") rather than a failure. */
  tone?: "error" | "success";
}

/**
 * A message SPEC calls an alert ("Please complete the reCAPTCHA.", "Project created successfully!"): shown in the
 * page and, since SPEC calls it an alert, in the browser's own dialog too (docs/decisions/0006). Each new message
 * object raises the dialog once.
 */
export function SpecAlert({ alert, className }: { alert: SpecAlertMessage | null; className?: string }) {
  useBrowserAlert(alert);
  if (!alert) return null;
  const success = alert.tone === "success";
  const Icon = success ? CheckCircle2 : AlertCircle;
  return (
    <div
      className={cn(
        "flex gap-3 rounded-md border p-4 text-sm",
        success ? "border-primary/50 bg-primary/10" : "border-destructive/60 bg-destructive/10",
        className,
      )}
    >
      <Icon
        className={cn("mt-0.5 size-4 shrink-0", success ? "text-primary" : "text-destructive")}
        aria-hidden="true"
      />
      <div className="grid gap-1">
        <p role="alert" className="font-medium">
          {alert.message}
        </p>
        {alert.detail && <p className="text-muted-foreground">{alert.detail}</p>}
      </div>
    </div>
  );
}

/** The browser's dialog opens after the page has painted, so the in-page message is already there behind it. */
function useBrowserAlert(alert: SpecAlertMessage | null): void {
  useEffect(() => {
    if (!alert) return;
    const id = setTimeout(() => window.alert(alert.message), 0);
    return () => clearTimeout(id);
  }, [alert]);
}
