import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";
import { SIDE_EFFECT_FREE } from "./chunking";
import { sideEffectFree, type SideEffectFreeRule } from "./side-effect-free";

const ICON = `import createLucideIcon from '../createLucideIcon.mjs';

const __iconData = {
  name: "users",
  size: 24,
  node: [["circle", { cx: "9", cy: "7", r: "4", key: "nufk8" }]]
};
__iconData.node;
const Users = createLucideIcon(__iconData);

export { __iconData, Users as default };
`;

const RADIX = `var __defProp = Object.defineProperty;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
function useId(deterministicId) {
  const [id, setId] = React.useState(useReactId());
  __name(setId, "setter");
  return deterministicId || (id ? \`radix-\${id}\` : "");
}
__name(useId, "useId");
var Root = /* @__PURE__ */ __name((props) => props.children, "Root");
__name(Root, "Other");
export { useId, Root };
`;

const ICON_ID = "/app/node_modules/lucide-react/dist/esm/icons/users.mjs";
const RADIX_ID = "/app/node_modules/@radix-ui/react-id/dist/index.mjs";

type Transform = (code: string, id: string) => { code: string; map: null } | null;

/** The plugin's hooks as a build calls them: `transform` for each module, then `buildEnd`. */
function build(rules: readonly SideEffectFreeRule[], { ssr = false } = {}) {
  const plugin = sideEffectFree(rules);
  (plugin.configResolved as (config: Pick<ResolvedConfig, "build">) => void)({
    build: { ssr } as ResolvedConfig["build"],
  });
  (plugin.buildStart as () => void)();
  return {
    transform: plugin.transform as Transform,
    end: () => (plugin.buildEnd as (error?: Error) => void)(),
  };
}

/** `code` with `statements` taken out, whitespace aside. */
const without = (code: string, ...statements: string[]) =>
  statements.reduce((c, s) => c.replace(s, ""), code).replace(/\s+/g, " ");

describe("the side-effect-free rules of the build plan", () => {
  it("blank an icon module's property read and nothing else, keeping every position", () => {
    const result = build(SIDE_EFFECT_FREE).transform(ICON, ICON_ID);
    expect(result?.code).toHaveLength(ICON.length);
    expect(result?.code.split("\n")).toHaveLength(ICON.split("\n").length);
    expect(result?.code.replace(/\s+/g, " ")).toBe(without(ICON, "__iconData.node;"));
  });

  it("blank a Radix module's top-level keep-names calls that give a function its own name, and nothing else", () => {
    const result = build(SIDE_EFFECT_FREE).transform(RADIX, RADIX_ID);
    expect(result?.code).toHaveLength(RADIX.length);
    // The call inside a function, the one in an expression and the one giving another name stay.
    expect(result?.code.replace(/\s+/g, " ")).toBe(without(RADIX, '__name(useId, "useId");'));
  });

  it("leave other modules alone, even with the same statements", () => {
    const { transform } = build(SIDE_EFFECT_FREE);
    expect(transform(ICON, "/app/src/web/components/icons.mjs")).toBeNull();
    expect(transform(ICON, "/app/node_modules/lucide-react/dist/esm/createLucideIcon.mjs")).toBeNull();
    expect(transform(RADIX, "/app/node_modules/some-package/dist/index.mjs")).toBeNull();
    expect(
      transform(
        "export { default } from './users.mjs';\n",
        "/app/node_modules/lucide-react/dist/esm/icons/user-group.mjs",
      ),
    ).toBeNull();
  });

  it("match the installed packages' built files", () => {
    const { transform, end } = build(SIDE_EFFECT_FREE);
    for (const file of [
      "node_modules/lucide-react/dist/esm/icons/users.mjs",
      "node_modules/@radix-ui/react-select/dist/index.mjs",
    ]) {
      const code = readFileSync(file, "utf8");
      expect(transform(code, path.resolve(file))?.code, file).not.toBe(code);
    }
    expect(end).not.toThrow();
  });

  it("fail the build when a rule's statement matches nothing in its modules (the package changed its files)", () => {
    const { transform, end } = build(SIDE_EFFECT_FREE);
    transform(ICON.replace("__iconData.node;\n", ""), ICON_ID);
    transform(RADIX, RADIX_ID);
    expect(end).toThrow(
      /lucide-react's icons .*: 1 modules matched, no statement matched .*scripts\/build-plan\/chunking\.ts/,
    );
  });

  it("fail the build when a rule meets no module (the package moved its files)", () => {
    const { transform, end } = build(SIDE_EFFECT_FREE);
    transform(ICON, "/app/node_modules/lucide-react/dist/esm/icons/users.js");
    transform(RADIX, RADIX_ID);
    expect(end).toThrow(/lucide-react's icons .*: no module matched/);
  });

  it("leave the server-rendering bundle unchecked: it holds only what the public pages render", () => {
    const { transform, end } = build(SIDE_EFFECT_FREE, { ssr: true });
    transform(ICON, ICON_ID);
    expect(end).not.toThrow();
  });
});
