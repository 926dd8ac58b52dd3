import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The browser's own <select>, styled like Input: a short list of fixed choices needs no custom popup, works with
 * every keyboard, screen reader and form library as is, and costs no JavaScript.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
