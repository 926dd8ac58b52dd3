import type { Plugin } from "vite";

/**
 * Statements of a third-party package that do nothing but keep Rollup from counting the package's modules as
 * running nothing when loaded (chunking.ts says which and why).
 */
export interface SideEffectFreeRule {
  /** What the rule is about, for the build's error message. */
  name: string;
  /** The package's modules, as Rollup names them. */
  module: RegExp;
  /** The statements to blank (a global, multiline expression). */
  statement: RegExp;
}

/**
 * Blanks each rule's statements in its modules, with spaces of the same length so that positions and source maps
 * are unchanged. A rule written against a package's built files stops matching silently when the package changes
 * them: in a browser build (`check`) a rule that met no module, or blanked no statement in any, fails the build.
 */
export function sideEffectFree(rules: readonly SideEffectFreeRule[], { check = true } = {}): Plugin {
  const met = new Map<SideEffectFreeRule, { modules: number; statements: number }>();
  let checking = check;
  return {
    name: "pulse-side-effect-free",
    apply: "build",
    configResolved(config) {
      // The server-rendering bundle holds only what the public pages render; its chunking matters to nobody.
      checking = check && !config.build.ssr;
    },
    buildStart() {
      met.clear();
    },
    transform(code, id) {
      const rule = rules.find((r) => r.module.test(id));
      if (!rule) return null;
      const count = met.get(rule) ?? { modules: 0, statements: 0 };
      met.set(rule, count);
      count.modules++;
      const blanked = code.replace(rule.statement, (statement) => {
        count.statements++;
        return " ".repeat(statement.length);
      });
      return blanked === code ? null : { code: blanked, map: null };
    },
    buildEnd(error) {
      if (error || !checking) return;
      const stale = rules.flatMap((rule) => {
        const count = met.get(rule);
        if (!count) return [`${rule.name}: no module matched ${rule.module}`];
        if (count.statements === 0)
          return [`${rule.name}: ${count.modules} modules matched, no statement matched ${rule.statement}`];
        return [];
      });
      if (stale.length > 0)
        throw new Error(
          `Side-effect-free rules that match nothing (a package changed its built files?): ${stale.join("; ")}. ` +
            "Update or remove them in scripts/build-plan/chunking.ts (docs/build.md).",
        );
    },
  };
}
