import { useEffect, useEffectEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Outlet, useLocation } from "@/lib/router";
import { Footer } from "./footer";
import type { NavVariant } from "./nav-links";
import { TopNav } from "./top-nav";

/**
 * Navigation, the page, and the footer. Pages render inside <main>. The signed-in area's pages fill in their data
 * after the first paint; their <main> spans at least a screen, so the footer starts below it instead of jumping
 * down when the data arrives (a layout shift Lighthouse counted on /projects).
 */
export function SiteLayout({ variant, children }: { variant: NavVariant; children?: ReactNode }) {
  useScrollToTopOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <TopNav variant={variant} />
      <main id="main" className={cn("flex-1", variant === "app" && "min-h-screen")}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}

/**
 * The history entry the document was loaded at. Its scroll position is the browser's or the reader's: a reload's
 * restored position, or how far the reader scrolled a pre-rendered page before the app started and hydrated it.
 */
let loadedEntry: string | undefined;

/** A new page starts at its top, unless the link points at a section of it (#…). */
function useScrollToTopOnNavigation(): void {
  const { pathname, hash, key } = useLocation();
  const arrive = useEffectEvent(() => {
    loadedEntry ??= key;
    if (!hash && key !== loadedEntry) window.scrollTo(0, 0);
  });
  useEffect(() => arrive(), [pathname, hash]);
}
