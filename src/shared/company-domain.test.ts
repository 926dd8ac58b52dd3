import { describe, expect, it } from "vitest";
import { displayDomain, isAuthorisedEmail } from "./company-domain";

describe("isAuthorisedEmail", () => {
  it("accepts an address of the company domain, whatever its case", () => {
    expect(isAuthorisedEmail("ann@acme.com", "acme.com")).toBe(true);
    expect(isAuthorisedEmail("Ann@ACME.com", "acme.com")).toBe(true);
  });

  it("anchors the suffix at @ so look-alike domains are refused", () => {
    expect(isAuthorisedEmail("eve@notacme.com", "acme.com")).toBe(false);
    expect(isAuthorisedEmail("eve@acme.com.evil.io", "acme.com")).toBe(false);
  });

  it("refuses missing addresses and an empty domain", () => {
    expect(isAuthorisedEmail(undefined, "acme.com")).toBe(false);
    expect(isAuthorisedEmail("", "acme.com")).toBe(false);
    expect(isAuthorisedEmail("ann@acme.com", "")).toBe(false);
  });
});

describe("displayDomain", () => {
  it("prefixes the domain with @", () => {
    expect(displayDomain("acme.com")).toBe("@acme.com");
  });
});
