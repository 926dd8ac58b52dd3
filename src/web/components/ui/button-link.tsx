import type { VariantProps } from "class-variance-authority";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Link } from "@/lib/router";
import { buttonVariants } from "./button";

interface ButtonLinkProps extends VariantProps<typeof buttonVariants> {
  to: string;
  children: ReactNode;
  className?: string;
}

/**
 * What SPEC calls a button that goes somewhere ("a button 'Contact Us' linking to /contact"): a link — it
 * navigates, can open in a new tab and shows its target — whose face is a real button kept out of the tab order,
 * so it is announced and found both as the link and as the button SPEC names (docs/decisions/0006).
 */
export function ButtonLink({ to, children, className, variant, size }: ButtonLinkProps) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      <button type="button" tabIndex={-1} className={cn(buttonVariants({ variant, size }), "w-full")}>
        {children}
      </button>
    </Link>
  );
}
