import { PRODUCT_NAME } from "@/lib/product-name";
import { Link } from "@/lib/router";
import { ThemeSwitcher } from "./theme-switcher";

/** SPEC §9: the year of the copyright line. */
const COPYRIGHT_YEAR = 2025;

/** SPEC §2 footer: Terms of Service, Privacy Policy and the copyright line for 2025. */
export function Footer() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row">
        <p>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Legal">
          <ul className="flex items-center gap-6">
            <li>
              <Link to="/terms" className="hover:text-foreground hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-foreground hover:underline">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
        <ThemeSwitcher />
      </div>
    </footer>
  );
}
