import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_PROCESS_ENV } from "../src/testing/server-command";

describe("the server's process environment", () => {
  it("is what `npm start`, the container image and the tests' server processes all start it with", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
      .scripts.start!;
    const dockerfile = readFileSync("Dockerfile", "utf8");
    for (const [name, value] of Object.entries(SERVER_PROCESS_ENV)) {
      // An operator's own value wins under npm start; the image's can be overridden with `docker run -e`.
      expect(start).toContain(`${name}=\${${name}:-${value}} node scripts/start.mjs`);
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value} \\\\$`, "m"));
    }
  });
});
