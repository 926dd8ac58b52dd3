import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";

export type Theme = "light" | "dark" | "system";
export const THEMES: readonly Theme[] = ["light", "dark", "system"];
/** Where the choice is kept; public/theme.js reads the same key to apply it before the first paint. */
export const THEME_STORAGE_KEY = "pulse-theme";
/** SPEC §9: the product is shown in dark theme unless the user picks another. */
const DEFAULT_THEME: Theme = "dark";
const DARK_QUERY = "(prefers-color-scheme: dark)";

interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: "light" | "dark";
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

/** A choice the storage refused (private mode): it lasts for this page only. */
let unstoredChoice: Theme | undefined;
const choiceListeners = new Set<() => void>();

function storedTheme(): Theme {
  if (unstoredChoice) return unstoredChoice;
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" || value === "system" ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function subscribeToChoice(onChange: () => void): () => void {
  choiceListeners.add(onChange);
  return () => choiceListeners.delete(onChange);
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" ? matchMedia(DARK_QUERY).matches : true;
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  if (typeof matchMedia !== "function") return () => undefined;
  const query = matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

// The server's pre-render cannot see the visitor's storage or OS, so it renders the defaults; hydration starts from
// the same values (the server snapshots below) and then moves to the visitor's, instead of mismatching the markup.
const serverTheme = (): Theme => DEFAULT_THEME;
const serverPrefersDark = () => true;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeToChoice, storedTheme, serverTheme);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, serverPrefersDark);

  const resolvedTheme = theme === "system" ? (systemDark ? "dark" : "light") : theme;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolvedTheme === "dark");
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
      unstoredChoice = undefined;
    } catch {
      unstoredChoice = next;
    }
    for (const listener of choiceListeners) listener();
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
