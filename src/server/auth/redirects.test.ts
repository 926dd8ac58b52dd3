import { describe, expect, it } from "vitest";
import { allowedReturnUrl } from "./redirects";

const dev = { publicUrl: "https://pulse.acme.com", production: false };
const prod = { publicUrl: "https://pulse.acme.com", production: true };

describe("allowedReturnUrl", () => {
  it("allows PUBLIC_URL's origin and, outside production, loopback origins", () => {
    expect(allowedReturnUrl("https://pulse.acme.com/dashboard", prod)?.toString()).toBe(
      "https://pulse.acme.com/dashboard",
    );
    expect(allowedReturnUrl("http://localhost:5173/dashboard", dev)?.toString()).toBe(
      "http://localhost:5173/dashboard",
    );
    expect(allowedReturnUrl("http://127.0.0.1:3000/dashboard#x", dev)?.toString()).toBe(
      "http://127.0.0.1:3000/dashboard",
    );
    expect(allowedReturnUrl("http://[::1]:3000/dashboard", dev)).toBeDefined();
  });

  it("refuses every other target", () => {
    for (const target of [
      "https://evil.example/dashboard",
      "http://pulse.acme.com/dashboard",
      "https://pulse.acme.com.evil.example/dashboard",
      "https://pulse.acme.com@evil.example/",
      "https://user:pw@pulse.acme.com/",
      "http://localhost.evil.example/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "//evil.example",
      "/dashboard",
      "not a url",
    ]) {
      expect(allowedReturnUrl(target, dev), target).toBeUndefined();
    }
    expect(allowedReturnUrl("http://localhost:3000/dashboard", prod)).toBeUndefined();
  });
});
