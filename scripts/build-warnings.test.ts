import { describe, expect, it } from "vitest";
import { onBuildWarning } from "./build-warnings";

describe("the web build's warnings", () => {
  it("drops the comments Rollup cannot place inside dependencies, and passes every other warning on", () => {
    const shown: string[] = [];
    const warn = (warning: { message: string }) => shown.push(warning.message);
    onBuildWarning(
      { code: "INVALID_ANNOTATION", id: "/repo/node_modules/zod/v4/core/util.js", message: "zod comment" },
      warn,
    );
    onBuildWarning(
      { code: "INVALID_ANNOTATION", id: "/repo/src/web/main.tsx", message: "our comment" },
      warn,
    );
    onBuildWarning(
      { code: "CIRCULAR_DEPENDENCY", id: "/repo/node_modules/x/y.js", message: "a cycle" },
      warn,
    );
    onBuildWarning({ code: "EVAL", message: "eval" }, warn);
    expect(shown).toEqual(["our comment", "a cycle", "eval"]);
  });
});
