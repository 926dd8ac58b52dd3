import { describe, expect, it } from "vitest";
import { prerenderFromSource } from "../../../testing/prerender-from-source";

/**
 * Node tags every promise made while an async hook with an `init` callback is enabled (an AsyncLocalStorage in use
 * installs one for the rest of the process's life), and every API request pays for the tagging (issue 40).
 */
const promiseIsTagged = () =>
  Object.getOwnPropertySymbols(Promise.resolve().then(() => undefined)).length > 0;

describe("pre-rendering the public pages", () => {
  it("leaves no async hook behind: the API requests that follow make plain promises", async () => {
    expect(promiseIsTagged()).toBe(false);
    const markup = await prerenderFromSource("/", {
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
      requireHostedDomain: false,
    });
    expect(markup).toContain("<h1");
    expect(promiseIsTagged()).toBe(false);
  });
});
