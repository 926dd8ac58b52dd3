// The theme's rules, without React: the ThemeProvider (./theme.tsx) uses them, and so does the pre-paint script
// (src/web/pre-paint/), which applies the stored choice before the first paint.

export type Theme = "light" | "dark" | "system";
export const THEMES: readonly Theme[] = ["light", "dark", "system"];
/** Where the choice is kept. */
export const THEME_STORAGE_KEY = "pulse-theme";
/** SPEC §9: the product is shown in dark theme unless the user picks another. */
export const DEFAULT_THEME: Theme = "dark";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The stored choice, or the default when there is none, it is not a theme, or storage is blocked (private mode). */
export function readStoredTheme(storage: () => Storage = () => localStorage): Theme {
  try {
    const value = storage().getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" || value === "system" ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function resolveTheme(theme: Theme, systemDark: boolean): "light" | "dark" {
  return theme === "system" ? (systemDark ? "dark" : "light") : theme;
}

/** Puts the resolved theme on the page: Tailwind's `dark` class and the browser's own colour scheme. */
export function applyTheme(root: HTMLElement, resolved: "light" | "dark"): void {
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}
