import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  applyTheme,
  DARK_QUERY,
  DEFAULT_THEME,
  readStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  THEMES,
  type Theme,
} from "./theme-choice";

export { THEMES, THEME_STORAGE_KEY, type Theme };

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
  return unstoredChoice ?? readStoredTheme();
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

  const resolvedTheme = resolveTheme(theme, systemDark);

  useEffect(() => applyTheme(document.documentElement, resolvedTheme), [resolvedTheme]);

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
