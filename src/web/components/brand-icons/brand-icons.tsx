import {
  siAsana,
  siGmail,
  siGoogledocs,
  siGoogledrive,
  siGooglegemini,
  siGooglemeet,
  siGooglesheets,
  siJira,
  siNotion,
  siTrello,
  siZoom,
} from "simple-icons";
import type { CSSProperties } from "react";
import type { Theme } from "@/lib/theme";

export type ResolvedTheme = Exclude<Theme, "system">;

export interface Brand {
  title: string;
  hex: string;
  path: string;
  /** A multi-colour mark drawn on its own view box, instead of one path in `hex`. */
  parts?: { viewBox: string; paths: readonly { fill: string; d: string }[] };
  /**
   * One colour for the whole mark in a theme whose card its brand colours do not stand out from: under 3:1, the
   * minimum for graphics (WCAG 1.4.11), which brand-icons.test.tsx checks for every mark against styles.css. In the
   * dark theme `currentColor` (the card's text colour); in the light theme a fixed colour, because a white tile
   * shows the light theme's colours inside the dark theme too, where currentColor would be light.
   */
  inkIn?: Partial<Record<ResolvedTheme, string>>;
}

/**
 * simple-icons no longer ships Slack's mark, so it comes from the SVG Logos set by Gil Barbara (CC0-1.0,
 * @iconify-json/logos "slack-icon"), copied here as its four coloured paths rather than adding the whole set.
 */
const SLACK: Brand = {
  title: "Slack",
  hex: "4A154B",
  path: "",
  // Its blue, green and yellow are too pale for a white card; Slack's one-colour mark is in its aubergine (`hex`).
  inkIn: { light: "#4A154B" },
  parts: {
    viewBox: "0 0 256 256",
    paths: [
      {
        fill: "#e01e5a",
        d: "M53.841 161.32c0 14.832-11.987 26.82-26.819 26.82S.203 176.152.203 161.32c0-14.831 11.987-26.818 26.82-26.818H53.84zm13.41 0c0-14.831 11.987-26.818 26.819-26.818s26.819 11.987 26.819 26.819v67.047c0 14.832-11.987 26.82-26.82 26.82c-14.83 0-26.818-11.988-26.818-26.82z",
      },
      {
        fill: "#36c5f0",
        d: "M94.07 53.638c-14.832 0-26.82-11.987-26.82-26.819S79.239 0 94.07 0s26.819 11.987 26.819 26.819v26.82zm0 13.613c14.832 0 26.819 11.987 26.819 26.819s-11.987 26.819-26.82 26.819H26.82C11.987 120.889 0 108.902 0 94.069c0-14.83 11.987-26.818 26.819-26.818z",
      },
      {
        fill: "#2eb67d",
        d: "M201.55 94.07c0-14.832 11.987-26.82 26.818-26.82s26.82 11.988 26.82 26.82s-11.988 26.819-26.82 26.819H201.55zm-13.41 0c0 14.832-11.988 26.819-26.82 26.819c-14.831 0-26.818-11.987-26.818-26.82V26.82C134.502 11.987 146.489 0 161.32 0s26.819 11.987 26.819 26.819z",
      },
      {
        fill: "#ecb22e",
        d: "M161.32 201.55c14.832 0 26.82 11.987 26.82 26.818s-11.988 26.82-26.82 26.82c-14.831 0-26.818-11.988-26.818-26.82V201.55zm0-13.41c-14.831 0-26.818-11.988-26.818-26.82c0-14.831 11.987-26.818 26.819-26.818h67.25c14.832 0 26.82 11.987 26.82 26.819s-11.988 26.819-26.82 26.819z",
      },
    ],
  },
};

/** The brand marks by tool, for features that show a tool's icon (integrations, Streams sources, connectors). */
export const BRANDS = {
  asana: siAsana,
  // Atlassian's dark blue (Jira, Trello) and Notion's black vanish on the dark theme's card.
  jira: { ...siJira, inkIn: { dark: "currentColor" } },
  slack: SLACK,
  trello: { ...siTrello, inkIn: { dark: "currentColor" } },
  notion: { ...siNotion, inkIn: { dark: "currentColor" } },
  gmail: siGmail,
  googleMeet: siGooglemeet,
  gemini: siGooglegemini,
  zoom: siZoom,
  googleSheets: siGooglesheets,
  googleDocs: siGoogledocs,
  googleDrive: siGoogledrive,
} as const satisfies Record<string, Brand>;

/** SPEC §1's tools, in SPEC's order. */
export const INTEGRATIONS: readonly Brand[] = [
  BRANDS.asana,
  BRANDS.jira,
  BRANDS.slack,
  BRANDS.trello,
  BRANDS.notion,
  BRANDS.gmail,
  BRANDS.googleMeet,
  BRANDS.zoom,
  BRANDS.googleSheets,
  BRANDS.googleDocs,
  BRANDS.googleDrive,
];

/** The colour of each of the mark's paths in `theme`. */
function markColours(brand: Brand, theme: ResolvedTheme): string[] {
  const own = brand.parts ? brand.parts.paths.map((p) => p.fill) : [`#${brand.hex}`];
  const ink = brand.inkIn?.[theme];
  return ink ? own.map(() => ink) : own;
}

/**
 * What a mark sits on: `card` (the default), a card of the current theme, so the mark takes that theme's colours;
 * `white`, a tile that is white in both themes, so the mark keeps the light theme's colours (its card is white too).
 */
export type BrandSurface = "card" | "white";

/** A brand mark as an image named after the tool. */
export function BrandLogo({
  brand,
  surface = "card",
  className,
}: {
  brand: Brand;
  surface?: BrandSurface;
  className?: string;
}) {
  const light = markColours(brand, "light");
  const dark = surface === "white" ? light : markColours(brand, "dark");
  const paths = brand.parts?.paths ?? [{ d: brand.path }];
  return (
    <svg
      role="img"
      aria-label={brand.title}
      viewBox={brand.parts?.viewBox ?? "0 0 24 24"}
      className={className}
    >
      <title>{brand.title}</title>
      {paths.map((p, i) =>
        light[i] === dark[i] ? (
          <path key={p.d} fill={light[i]} d={p.d} />
        ) : (
          // The fill attribute is the light theme's; a style rule outranks it where the dark theme applies.
          <path
            key={p.d}
            fill={light[i]}
            style={{ "--mark-dark": dark[i] } as CSSProperties}
            className="dark:fill-(--mark-dark)"
            d={p.d}
          />
        ),
      )}
    </svg>
  );
}
