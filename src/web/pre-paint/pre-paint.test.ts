import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { stubFetch } from "../../testing/fake-fetch";
import { applyStoredTheme, startSignedInPage } from "./pre-paint";

const NOW = new Date("2026-03-01T10:00:00Z");

function storeSession({ secondsLeft = 3600 } = {}) {
  const session = {
    access_token: "access-ada",
    token_type: "bearer",
    expires_at: NOW.getTime() / 1000 + secondsLeft,
    user: { id: "u-ada", email: "ada@acme.com", hd: "acme.com" },
  };
  localStorage.setItem(storageKeyFor(window.location.origin), JSON.stringify(session));
}

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  document.documentElement.removeAttribute("data-stored-session");
  document.documentElement.className = "dark";
  document.head.replaceChildren();
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  vi.stubGlobal("matchMedia", () => ({ matches: true }));
  localStorage.clear();
  window.history.replaceState(null, "", "/projects");
  api = stubFetch({});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the pre-paint script with a stored session", () => {
  it("sends nothing when storage is blocked, and marks nothing", () => {
    storeSession();
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    startSignedInPage(window, document.createElement("script").dataset);
    expect(api.calls).toEqual([]);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(false);
  });

  it("with any stored session, hides the anonymous markup and preloads the page's chunks, and asks the API for nothing", () => {
    storeSession({ secondsLeft: 10 });
    const script = document.createElement("script");
    script.dataset.sessionPreloads = "/assets/projects-1.js /assets/list-2.js";
    startSignedInPage(window, script.dataset);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(true);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute("href"))).toEqual([
      "/assets/projects-1.js",
      "/assets/list-2.js",
    ]);
    expect(api.calls).toEqual([]);
  });

  it("without a stored session, does neither", () => {
    const script = document.createElement("script");
    script.dataset.sessionPreloads = "/assets/projects-1.js";
    startSignedInPage(window, script.dataset);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(false);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});

describe("the pre-paint script's theme", () => {
  const osPrefers = (dark: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && dark,
    }));
  const applied = () => [
    document.documentElement.classList.contains("dark"),
    document.documentElement.style.colorScheme,
  ];

  it.each([
    ["light", true, [false, "light"]],
    ["dark", false, [true, "dark"]],
    ["system", false, [false, "light"]],
    ["system", true, [true, "dark"]],
    [null, false, [true, "dark"]],
    ["nonsense", false, [true, "dark"]],
  ] as const)("stored %s, the OS preferring dark %s: %o", (stored, osDark, expected) => {
    if (stored !== null) localStorage.setItem("pulse-theme", stored);
    osPrefers(osDark);
    applyStoredTheme(window);
    expect(applied()).toEqual(expected);
  });
});
