import type { Plugin } from "vite";

/**
 * Rollup merges a small chunk into another only when its modules run nothing when loaded
 * (`experimentalMinChunkSize`), and two kinds of third-party module each ran one statement that does nothing, which
 * kept a dozen files of a few hundred bytes each on a signed-in page's first download:
 * - lucide-react's icon modules call `createLucideIcon`, which builds the icon component and touches nothing else
 *   (made pure by name below), and read `__iconData.node` of the object they have just written;
 * - Radix's modules call `__name(fn, "fn")` at their top level, a keep-names helper that sets the `name` the
 *   function declaration already gave it.
 * The plugin blanks those statements, with spaces of the same length, so that positions and source maps are
 * unchanged. (Treating every call named `__name` as pure instead broke Radix's Select.)
 */
export const PURE_FUNCTIONS = ["createLucideIcon"];

interface Rewrite {
  /** A module of the package, as Rollup names it. */
  module: RegExp;
  /** The statements to blank. */
  statement: RegExp;
}

const REWRITES: Rewrite[] = [
  {
    module: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/,
    statement: /^__iconData\.node;$/gm,
  },
  {
    module: /[\\/]node_modules[\\/]@radix-ui[\\/][^\\/]+[\\/]dist[\\/]index\.mjs$/,
    statement: /^__name\(([\w$]+), "\1"\);$/gm,
  },
];

export function pureModules(): Plugin {
  return {
    name: "pulse-pure-modules",
    apply: "build",
    transform(code, id) {
      const rewrite = REWRITES.find((r) => r.module.test(id));
      if (!rewrite) return null;
      const blanked = code.replace(rewrite.statement, (statement) => " ".repeat(statement.length));
      return blanked === code ? null : { code: blanked, map: null };
    },
  };
}
