import { Activity, Menu } from "lucide-react";
import { lazy, Suspense, useState, useTransition } from "react";
import { PRODUCT_NAME } from "@/lib/product-name";
import { SCROLL_THRESHOLD_PX } from "@/lib/use-scrolled-past";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/cn";
import { Link, NavLink, useNavigate } from "@/lib/router";
import { useScrolledPast } from "@/lib/use-scrolled-past";
import { APP_LINKS, PUBLIC_LINKS, type NavVariant } from "./nav-links";

// The sheet (Radix dialog) loads on first use: most visitors never open it.
const MobileMenu = lazy(() => import("./mobile-menu"));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

/**
 * SPEC §2 Top navigation: sticky; on public pages dark and blurred once scrolled past 50 px; a horizontal bar
 * from the md breakpoint, below it a menu button opening a right-side sheet that closes on any choice.
 */
export function TopNav({ variant }: { variant: NavVariant }) {
  const { user, loading, signOut } = useAuth();
  const navigate = useNavigate();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const links = variant === "public" ? PUBLIC_LINKS : APP_LINKS;
  const darkened = variant === "public" && scrolled;

  const [, startLogout] = useTransition();
  const logout = () => {
    setMenuOpen(false);
    // One async transition: signed out and on / in the same commit (a protected page never sees "no user").
    startLogout(async () => {
      await signOut();
      navigate("/", { replace: true });
    });
  };

  // While the session is read (a stored one due for a refresh is refreshed first), neither: a signed-in person
  // would see Login for a moment. Its place is kept (`invisible`: not seen, focused or announced), so the bar does
  // not shift when the answer comes.
  const sessionAction = (onNavigate?: () => void) =>
    user ? (
      <Button variant="outline" size="sm" onClick={logout}>
        Logout
      </Button>
    ) : (
      <Button asChild size="sm" className={loading ? "invisible" : undefined}>
        <Link to="/auth" onClick={onNavigate}>
          Login
        </Link>
      </Button>
    );

  return (
    <header
      data-scrolled={darkened ? "true" : "false"}
      className={cn(
        // The bottom border is always there, transparent until the bar darkens: a bar that grew by it when darkened
        // moved the page by 1 px, which the browser's scroll anchoring then added to the reader's scroll position.
        "sticky top-0 z-40 w-full border-b transition-colors duration-300",
        variant === "app" && "bg-background",
        variant === "public" && !darkened && "border-transparent",
        // The "dark" class flips the theme tokens inside the bar, so it is dark in either theme once scrolled.
        darkened && "dark bg-background/80 text-foreground backdrop-blur-md",
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <Activity className="size-6 text-primary" aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="ml-2">{sessionAction()}</div>
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
        {menuLoaded && (
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              onOpenChange={setMenuOpen}
              links={links}
              linkClass={linkClass}
              sessionAction={sessionAction(() => setMenuOpen(false))}
            />
          </Suspense>
        )}
      </nav>
    </header>
  );
}
