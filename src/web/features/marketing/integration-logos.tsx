import {
  siAsana,
  siGmail,
  siGoogledocs,
  siGoogledrive,
  siGooglemeet,
  siGooglesheets,
  siJira,
  siNotion,
  siTrello,
  siZoom,
} from "simple-icons";
import { cn } from "@/lib/cn";

interface Brand {
  title: string;
  hex: string;
  path: string;
  /** Stroked outline (our own glyph) instead of a filled brand mark. */
  stroke?: boolean;
}

/**
 * simple-icons no longer ships Slack's mark (removed at Slack's request), so Slack is shown with a neutral
 * channel "#" glyph in Slack's aubergine rather than an imitation of its logo.
 */
const SLACK: Brand = {
  title: "Slack",
  hex: "4A154B",
  path: "M4 9h16M4 15h16M10 3 8 21M16 3l-2 18",
  stroke: true,
};

/** SPEC §1's tools, in SPEC's order. */
export const INTEGRATIONS: readonly Brand[] = [
  siAsana,
  siJira,
  SLACK,
  siTrello,
  siNotion,
  siGmail,
  siGooglemeet,
  siZoom,
  siGooglesheets,
  siGoogledocs,
  siGoogledrive,
];

/** A brand mark as an image named after the tool. */
export function BrandLogo({ brand, className }: { brand: Brand; className?: string }) {
  const color = `#${brand.hex}`;
  return (
    <svg
      role="img"
      aria-label={brand.title}
      viewBox="0 0 24 24"
      className={className}
      {...(brand.stroke
        ? { fill: "none", stroke: color, strokeWidth: 2.25, strokeLinecap: "round" as const }
        : { fill: color })}
    >
      <title>{brand.title}</title>
      <path d={brand.path} />
    </svg>
  );
}

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
            <BrandLogo brand={brand} className="size-7" />
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
