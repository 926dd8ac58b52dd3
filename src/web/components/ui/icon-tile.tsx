import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

/** A decorative icon in a tinted rounded square, used at the top of feature cards. */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/20",
        className,
      )}
    >
      <Icon className="size-6" />
    </span>
  );
}
