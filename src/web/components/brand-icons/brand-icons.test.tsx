import { render, screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BRANDS,
  BrandLogo,
  INTEGRATIONS,
  type Brand,
  type BrandSurface,
  type ResolvedTheme,
} from "./brand-icons";

// The theme tokens as the browser gets them: the light theme in :root, the dark one overriding it in .dark.
const styles = readFileSync(path.resolve("src/web/styles.css"), "utf8");

function tokensOf(selector: string): Map<string, string> {
  const block = new RegExp(`^${selector.replace(".", "\\.")} \\{([^}]*)\\}`, "m").exec(styles)?.[1];
  if (block === undefined) throw new Error(`styles.css has no ${selector} block`);
  return new Map(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = "", value = ""]) => [name, value.trim()]),
  );
}

const rootTokens = tokensOf(":root");
const TOKENS: Record<ResolvedTheme, Map<string, string>> = {
  light: rootTokens,
  dark: new Map([...rootTokens, ...tokensOf(".dark")]),
};

function token(theme: ResolvedTheme, name: string): string {
  const value = TOKENS[theme].get(name);
  if (!value) throw new Error(`styles.css has no ${name} for the ${theme} theme`);
  return value;
}

type Rgb = readonly [number, number, number];

/** Linear-light sRGB channels (0..1) of a CSS colour as the tokens and marks write them: oklch(L C H) or #rrggbb. */
function linearRgb(colour: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) {
    const channel = (pair = "") => {
      const c = parseInt(pair, 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return [channel(hex[1]), channel(hex[2]), channel(hex[3])];
  }
  const oklch = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(colour);
  if (!oklch) throw new Error(`cannot read the colour ${colour}`);
  const [l, c, h] = [Number(oklch[1]), Number(oklch[2]), Number(oklch[3])];
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  // OKLab to linear sRGB (Björn Ottosson's matrices, as CSS Color 4 uses them).
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clamp(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
    clamp(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
    clamp(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3),
  ];
}

/** WCAG 2 contrast ratio. */
function contrast(x: string, y: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = linearRgb(colour);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(x), luminance(y)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** What a mark sits on, and the text colour there (what currentColor is), per surface and theme. */
const SURFACES: Record<BrandSurface, (theme: ResolvedTheme) => { background: string; text: string }> = {
  card: (theme) => ({ background: token(theme, "--card"), text: token(theme, "--card-foreground") }),
  // A white tile (Tailwind's bg-white) sets no text colour of its own: it has the page's.
  white: (theme) => ({ background: "#ffffff", text: token(theme, "--foreground") }),
};

/**
 * The colour each of a rendered mark's paths is drawn in under `theme`, as the stylesheet decides it: the fill
 * attribute, unless the dark theme applies and the path's dark:fill-(--mark-dark) rule names another.
 */
function drawnColours(brand: Brand, surface: BrandSurface, theme: ResolvedTheme, text: string): string[] {
  const { unmount } = render(<BrandLogo brand={brand} surface={surface} />);
  const paths = [...screen.getByRole("img", { name: brand.title }).querySelectorAll("path")];
  const colours = paths.map((p) => {
    const dark = p.style.getPropertyValue("--mark-dark");
    if (dark) expect(p.getAttribute("class")).toContain("dark:fill-(--mark-dark)");
    const colour = (theme === "dark" && dark) || p.getAttribute("fill");
    if (!colour) throw new Error(`${brand.title} has a path without a colour`);
    return colour === "currentColor" ? text : colour;
  });
  unmount();
  return colours;
}

const ALL_BRANDS = [...new Set<Brand>([...Object.values(BRANDS), ...INTEGRATIONS])];
const CASES = ALL_BRANDS.flatMap((brand) =>
  (["light", "dark"] as const).flatMap((theme) =>
    (["card", "white"] as const).map((surface) => ({ brand, theme, surface })),
  ),
);

describe("brand marks", () => {
  it.each(CASES)(
    "$brand.title stands out at 3:1 or more on the $theme theme's $surface (WCAG 1.4.11)",
    ({ brand, theme, surface }) => {
      const { background, text } = SURFACES[surface](theme);
      for (const colour of drawnColours(brand, surface, theme, text)) {
        expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it("draws a mark in its brand colours wherever they stand out", () => {
    render(<BrandLogo brand={BRANDS.asana} />);
    expect(screen.getByRole("img", { name: "Asana" }).querySelector("path")).toHaveAttribute(
      "fill",
      `#${BRANDS.asana.hex}`,
    );
  });
});
