import { BrandLogo, INTEGRATIONS } from "@/components/brand-icons/brand-icons";
import { cn } from "@/lib/cn";

/**
 * The integrations as white logo tiles (brand colours stay legible in both themes). `showNames` adds the
 * tool's name under each tile; `moreLabel` ends the row with a text tile such as "+ Many More".
 */
export function IntegrationLogos({
  showNames = false,
  moreLabel,
  className,
}: {
  showNames?: boolean;
  moreLabel?: string;
  className?: string;
}) {
  return (
    <ul
      aria-label="Integrations"
      className={cn(
        "flex flex-wrap items-start justify-center",
        showNames ? "gap-x-1 gap-y-4" : "gap-3 sm:gap-4",
        className,
      )}
    >
      {INTEGRATIONS.map((brand) => (
        <li key={brand.title} className={cn("flex flex-col items-center gap-2", showNames && "w-[5.5rem]")}>
          <span className="flex size-14 items-center justify-center rounded-2xl bg-white shadow-sm ring-1 ring-black/10 transition-transform motion-safe:hover:-translate-y-0.5 dark:ring-white/10">
            <BrandLogo brand={brand} surface="white" className="size-7" />
          </span>
          {showNames && (
            <span aria-hidden="true" className="whitespace-nowrap text-xs text-muted-foreground">
              {brand.title}
            </span>
          )}
        </li>
      ))}
      {moreLabel && (
        <li className="flex h-14 items-center justify-center rounded-2xl border border-dashed border-primary/50 bg-primary/5 px-5 text-sm font-semibold text-primary">
          {moreLabel}
        </li>
      )}
    </ul>
  );
}
