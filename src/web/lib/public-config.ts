import type { PublicConfig } from "@shared/public-config";

let cached: PublicConfig | undefined;

/**
 * The deployment's public settings. The server writes them into the page as inert JSON (see
 * src/server/web/routes.ts), so they are known before the first render without a request.
 */
export function publicConfig(): PublicConfig {
  if (cached) return cached;
  const element = typeof document !== "undefined" ? document.getElementById("pulse-config") : null;
  const parsed = element?.textContent ? parse(element.textContent) : undefined;
  cached = parsed ?? {
    companyDomain: "example.com",
    captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
  };
  return cached;
}

/** For tests: replace the settings the page would carry. */
export function setPublicConfigForTests(config: PublicConfig | undefined): void {
  cached = config;
}

/** The server's pre-render: the settings it would write into the page (there is no document to read them from). */
export function providePublicConfig(config: PublicConfig): void {
  cached = config;
}

// A hand check instead of the zod schema keeps zod out of the first download of every page.
function parse(text: string): PublicConfig | undefined {
  try {
    const value = JSON.parse(text) as Partial<PublicConfig>;
    if (
      typeof value.companyDomain !== "string" ||
      typeof value.captcha !== "object" ||
      value.captcha === null
    ) {
      return undefined;
    }
    return value as PublicConfig;
  } catch {
    return undefined;
  }
}
