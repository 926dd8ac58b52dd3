import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyStoredTheme } from "@/pre-paint/pre-paint";
import { THEME_STORAGE_KEY, ThemeProvider, THEMES } from "./theme";

interface Visitor {
  stored: string | null;
  osDark: boolean;
  storageBlocked?: boolean;
}

function arrange({ stored, osDark, storageBlocked }: Visitor) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored);
  if (storageBlocked) {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
  }
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: query === "(prefers-color-scheme: dark)" && osDark,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  // What index.html ships: dark until told otherwise.
  document.documentElement.className = "dark";
  document.documentElement.style.colorScheme = "dark";
}

const applied = () => ({
  dark: document.documentElement.classList.contains("dark"),
  colorScheme: document.documentElement.style.colorScheme,
});

/** What the page looks like once the pre-paint script has run, before any app code. */
function afterScript(visitor: Visitor) {
  arrange(visitor);
  applyStoredTheme(window);
  return applied();
}

/** What the app's ThemeProvider applies for the same visitor. */
function afterApp(visitor: Visitor) {
  arrange(visitor);
  // Start from the other theme, so the provider has to set everything itself.
  document.documentElement.className = "";
  document.documentElement.style.colorScheme = "";
  const { unmount } = render(
    <ThemeProvider>
      <p />
    </ThemeProvider>,
  );
  unmount();
  return applied();
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the pre-paint theme (src/web/pre-paint/)", () => {
  it("applies a stored light theme before the app runs", () => {
    expect(afterScript({ stored: "light", osDark: true })).toEqual({ dark: false, colorScheme: "light" });
  });

  const visitors: Visitor[] = [
    { stored: null, osDark: false },
    { stored: "nonsense", osDark: false },
    { stored: "light", osDark: true },
    { stored: "light", osDark: false, storageBlocked: true },
    ...THEMES.flatMap((stored) => [
      { stored, osDark: true },
      { stored, osDark: false },
    ]),
  ];
  it.each(visitors)("agrees with the app's ThemeProvider for %o", (visitor) => {
    expect(afterScript(visitor)).toEqual(afterApp(visitor));
  });
});
