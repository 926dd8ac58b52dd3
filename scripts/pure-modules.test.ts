import { describe, expect, it } from "vitest";
import { pureModules } from "./pure-modules";

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

type Transform = (code: string, id: string) => { code: string; map: null } | null;
const transform = pureModules().transform as Transform;

/** `code` with `statements` taken out, whitespace aside. */
const without = (code: string, ...statements: string[]) =>
  statements.reduce((c, s) => c.replace(s, ""), code).replace(/\s+/g, " ");

describe("pureModules", () => {
  it("blanks an icon module's property read and nothing else, keeping every position", () => {
    const result = transform(ICON, "/app/node_modules/lucide-react/dist/esm/icons/users.mjs");
    expect(result?.code).toHaveLength(ICON.length);
    expect(result?.code.split("\n")).toHaveLength(ICON.split("\n").length);
    expect(result?.code.replace(/\s+/g, " ")).toBe(without(ICON, "__iconData.node;"));
  });

  it("blanks a Radix module's top-level keep-names calls that give a function its own name, and nothing else", () => {
    const result = transform(RADIX, "/app/node_modules/@radix-ui/react-id/dist/index.mjs");
    expect(result?.code).toHaveLength(RADIX.length);
    // The call inside a function, the one in an expression and the one giving another name stay.
    expect(result?.code.replace(/\s+/g, " ")).toBe(without(RADIX, '__name(useId, "useId");'));
  });

  it("leaves other modules alone, even with the same statements", () => {
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
});
