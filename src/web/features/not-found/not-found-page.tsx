import { useEffect } from "react";
import { Link, useLocation } from "@/lib/router";
import { usePageTitle } from "@/lib/use-page-title";

/** SPEC §2: any other path. The missing path is logged to the console. */
export default function NotFoundPage() {
  const location = useLocation();
  usePageTitle("Page not found");
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="mt-6 text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </section>
  );
}
