import { describe, expect, it } from "vitest";
import { isAuthorisedUser } from "./auth-access";

describe("isAuthorisedUser", () => {
  it("follows the e-mail rule: a suffix match anchored at @", () => {
    expect(isAuthorisedUser({ email: "ann@acme.com" }, "acme.com")).toBe(true);
    expect(isAuthorisedUser({ email: "eve@notacme.com" }, "acme.com")).toBe(false);
    expect(isAuthorisedUser({ email: "eve@acme.com.evil.io" }, "acme.com")).toBe(false);
    expect(isAuthorisedUser(null, "acme.com")).toBe(false);
  });

  it("where Google names a hosted domain, requires it to be the company domain exactly", () => {
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: "acme.com" }, "acme.com")).toBe(true);
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: null }, "acme.com")).toBe(true);
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: "other.com" }, "acme.com")).toBe(false);
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: "sub.acme.com" }, "acme.com")).toBe(false);
    expect(isAuthorisedUser({ email: "eve@notacme.com", hd: "acme.com" }, "acme.com")).toBe(false);
  });

  it("requires the hosted domain where Workspace management is required (production)", () => {
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: "acme.com" }, "acme.com", true)).toBe(true);
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: null }, "acme.com", true)).toBe(false);
    expect(isAuthorisedUser({ email: "ann@acme.com" }, "acme.com", true)).toBe(false);
    expect(isAuthorisedUser({ email: "ann@acme.com", hd: "" }, "acme.com", true)).toBe(false);
  });
});
