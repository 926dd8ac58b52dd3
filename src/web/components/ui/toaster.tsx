import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { isToastWanted, markToasterMounted, subscribeToToastDemand } from "@/lib/toast";

const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

function Mounted() {
  useEffect(() => {
    markToasterMounted();
  }, []);
  return null;
}

/** The one toast region of the app (sonner), mounted when the first toast is raised through lib/toast. */
export function Toaster({ theme = "dark", ...props }: ToasterProps) {
  const wanted = useSyncExternalStore(subscribeToToastDemand, isToastWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        theme={theme}
        richColors
        closeButton
        toastOptions={{ classNames: { toast: "border bg-popover text-popover-foreground" } }}
        {...props}
      />
      <Mounted />
    </Suspense>
  );
}
