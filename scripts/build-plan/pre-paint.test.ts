import { describe, expect, it } from "vitest";
import { buildPrePaintScript, checkPrePaintScript, PRE_PAINT_BUDGET_BYTES } from "./pre-paint";

describe("the pre-paint script's build", () => {
  it("is one classic script with the app's rules bundled in, within its budget", async () => {
    const source = await buildPrePaintScript();
    // A classic script in <head>: module syntax would not run there, and an import would be a request.
    expect(source).not.toMatch(/^\s*(import|export)\b/m);
    expect(source).not.toMatch(/\bimport\s*\(/);
    // The rules it imports, not copies: the session's storage key and the theme's, from the app's modules.
    expect(source).toContain("pulse-auth-");
    expect(source).toContain("pulse-theme");
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(PRE_PAINT_BUDGET_BYTES);
  });

  it("fails the build when the script grows past its budget, naming the file to change", () => {
    expect(() => checkPrePaintScript("x".repeat(101), 100)).toThrow(
      /src\/web\/pre-paint\/entry\.ts builds to 101 bytes/,
    );
  });

  it("fails the build when the script could not be written into the page", () => {
    expect(() => checkPrePaintScript('document.write("</script>")')).toThrow(/<\/script/);
  });
});
