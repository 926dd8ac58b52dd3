import { PRODUCT_NAME } from "@/lib/product-name";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { NavLink } from "@/lib/router";
import type { ReactNode } from "react";

interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  links: readonly { to: string; label: string }[];
  linkClass: (state: { isActive: boolean }) => string;
  sessionAction: ReactNode;
}

/** The right-side sheet of the navigation below the md breakpoint; any choice closes it. */
export default function MobileMenu({ open, onOpenChange, links, linkClass, sessionAction }: MobileMenuProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right">
        <SheetTitle>{PRODUCT_NAME}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass} onClick={() => onOpenChange(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4">{sessionAction}</div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
