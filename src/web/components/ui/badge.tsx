import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        outline: "text-foreground",
        // Status colours shared by the signed-in screens (work-item statuses, RACI and admin roles).
        green: "border-transparent bg-green-600/15 text-green-700 dark:bg-green-500/20 dark:text-green-300",
        blue: "border-transparent bg-blue-600/15 text-blue-700 dark:bg-blue-500/20 dark:text-blue-300",
        red: "border-transparent bg-red-600/15 text-red-700 dark:bg-red-500/20 dark:text-red-300",
        yellow:
          "border-transparent bg-yellow-500/20 text-yellow-800 dark:bg-yellow-500/20 dark:text-yellow-200",
        grey: "border-transparent bg-zinc-500/15 text-zinc-700 dark:bg-zinc-400/20 dark:text-zinc-200",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
