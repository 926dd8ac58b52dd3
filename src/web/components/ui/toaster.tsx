import { useEffect, useState, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { isToastWanted, loadSonner, markToasterMounted, subscribeToToastDemand } from "@/lib/toast";

type SonnerToaster = Awaited<ReturnType<typeof loadSonner>>["Toaster"];

/**
 * The one toast region of the app (sonner), mounted when the first toast is raised through lib/toast. lib/toast
 * raises a toast only once sonner's code has loaded, so the region renders from that same module; it is not a lazy
 * component, whose failed fetch would throw through the whole app.
 */
export function Toaster({ theme = "dark", ...props }: ToasterProps) {
  const wanted = useSyncExternalStore(subscribeToToastDemand, isToastWanted, () => false);
  const [Sonner, setSonner] = useState<SonnerToaster | null>(null);

  useEffect(() => {
    if (!wanted || Sonner) return;
    let current = true;
    loadSonner().then(
      (module) => current && setSonner(() => module.Toaster),
      // lib/toast has dropped that toast; the next one loads the code again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, Sonner]);

  useEffect(() => {
    if (Sonner) markToasterMounted();
  }, [Sonner]);

  if (!wanted || !Sonner) return null;
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "border bg-popover text-popover-foreground" } }}
      {...props}
    />
  );
}
