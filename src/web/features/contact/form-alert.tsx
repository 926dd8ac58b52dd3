import { AlertCircle } from "lucide-react";
import { useEffect } from "react";

export interface FormAlertMessage {
  message: string;
  /** The server's own explanation of a refused submission, when it gave one. */
  detail?: string | undefined;
}

/**
 * SPEC §5/§8's alerts ("Please complete the reCAPTCHA.", "There was an error submitting the form. Please try
 * again."): shown in the page and, since SPEC calls them alerts, in the browser's own dialog too.
 */
export function FormAlert({ alert }: { alert: FormAlertMessage | null }) {
  useBrowserAlert(alert);
  if (!alert) return null;
  return (
    <div className="flex gap-3 rounded-md border border-destructive/60 bg-destructive/10 p-4 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        {/* The alert itself carries SPEC's sentence alone; the server's reason follows it. */}
        <p role="alert" className="font-medium">
          {alert.message}
        </p>
        {alert.detail && <p className="text-muted-foreground">{alert.detail}</p>}
      </div>
    </div>
  );
}

/** The browser's dialog opens after the page has painted, so the in-page message is already there behind it. */
function useBrowserAlert(alert: FormAlertMessage | null): void {
  useEffect(() => {
    if (!alert) return;
    const id = setTimeout(() => window.alert(alert.message), 0);
    return () => clearTimeout(id);
  }, [alert]);
}
