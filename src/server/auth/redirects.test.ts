import { describe, expect, it } from "vitest";
import { allowedReturnOrigins, allowedReturnUrl } from "./redirects";

const dev = { publicUrl: "https://pulse.acme.com", production: false, port: 3000 };
const prod = { publicUrl: "https://pulse.acme.com", production: true, port: 3000 };
// `npm start`: PUBLIC_URL defaults to the server's own localhost origin.
const npmStart = { publicUrl: "http://localhost:3000", production: false, port: 3000 };
// `npm run dev`: the pages come from Vite's server, which forwards to Pulse.
const npmRunDev = { publicUrl: "http://localhost:5173", production: false, port: 3000 };

describe("allowedReturnUrl", () => {
  it("allows PUBLIC_URL's origin and, outside production, this server's local origins", () => {
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
    for (const config of [npmStart, npmRunDev]) {
      for (const target of [
        "http://localhost:3000/dashboard",
        "http://127.0.0.1:3000/dashboard",
        "http://localhost:5173/dashboard",
        "http://127.0.0.1:5173/dashboard",
      ]) {
        expect(allowedReturnUrl(target, config), `${config.publicUrl} ${target}`).toBeDefined();
      }
    }
    // PUBLIC_URL's own port under the other loopback names.
    const otherPort = { publicUrl: "http://localhost:8081", production: false, port: 8081 };
    expect(allowedReturnUrl("http://127.0.0.1:8081/dashboard", otherPort)).toBeDefined();
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

  it("refuses a loopback origin that is not this server's (issue 37 item 11)", () => {
    for (const config of [dev, npmStart, npmRunDev]) {
      for (const target of [
        "http://evil.localhost:8080/dashboard",
        "http://evil.localhost:3000/dashboard",
        "http://pulse.localhost:5173/dashboard",
        "http://localhost:8080/dashboard",
        "http://127.0.0.1:9999/dashboard",
        "http://127.0.0.2:3000/dashboard",
        "https://localhost:3000/dashboard",
        "http://[::1]:8080/dashboard",
      ]) {
        expect(allowedReturnUrl(target, config), `${config.publicUrl} ${target}`).toBeUndefined();
      }
    }
  });

  it("lists PUBLIC_URL's origin alone under the production rules", () => {
    expect([...allowedReturnOrigins(prod)]).toEqual(["https://pulse.acme.com"]);
    expect(allowedReturnOrigins(npmStart)).toEqual(
      new Set([
        "http://localhost:3000",
        "http://localhost:5173",
        "http://127.0.0.1:3000",
        "http://127.0.0.1:5173",
        "http://[::1]:3000",
        "http://[::1]:5173",
      ]),
    );
  });
});
