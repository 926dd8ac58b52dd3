import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";

/** A centred spinner with a visible label, announced politely to screen readers. */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-col items-center justify-center gap-3 py-24", className)}
    >
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
