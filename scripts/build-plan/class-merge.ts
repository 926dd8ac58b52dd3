// tailwind-merge's default class list cut to the groups of the classes written in src/web and src/shared, so that
// `cn()` merges them as tailwind-merge does without the whole list in the first download. The build and the dev
// and test servers generate it from the sources as the module `virtual:class-merge-config` (classMergePlugin);
// class-merge.test.ts checks every pair of Pulse's classes against the whole list.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  createTailwindMerge,
  getDefaultConfig,
  twMerge,
  validators,
  type Config as AnyConfig,
} from "tailwind-merge";
import type { Plugin, ViteDevServer } from "vite";

type Config = AnyConfig<string, string>;

/** The module's name, as `cn()` imports it (its types: src/web/virtual-modules.d.ts). */
export const CLASS_MERGE_MODULE = "virtual:class-merge-config";
const RESOLVED_ID = `\0${CLASS_MERGE_MODULE}`;

// Where Tailwind finds Pulse's classes (src/web/styles.css): the web app, and the SPEC constants in src/shared.
const SOURCE_DIRS = [
  path.resolve(import.meta.dirname, "../../src/web"),
  path.resolve(import.meta.dirname, "../../src/shared"),
];

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return isSource(file) ? [file] : [];
  });
}

/**
 * The classes written in Pulse's sources: every word of its files that tailwind-merge's whole list knows (a class
 * it knows, written twice, is merged into one). Words that only look like classes (in prose, say) are kept: they
 * cost a little room, never a wrong merge.
 */
export function sourceClasses(dirs = SOURCE_DIRS): string[] {
  const words = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const word of readFileSync(file, "utf8").split(/[\s"'`]+/)) if (word) words.add(word);
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

/** The class groups of the default list that at least one of `classes` belongs to, in the list's order. */
function groupsOf(classes: string[], config: Config): string[] {
  const withGroups = (classGroups: Config["classGroups"]) =>
    createTailwindMerge(() => ({
      ...config,
      classGroups,
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
  // Arbitrary properties (`[mask-image:…]`) are grouped by tailwind-merge itself, whatever the list.
  const withoutGroups = withGroups({});
  const listed = classes.filter((c) => withoutGroups(`${c} ${c}`) !== c);
  return Object.keys(config.classGroups).filter((group) => {
    const merge = withGroups({ [group]: config.classGroups[group]! });
    return listed.some((c) => merge(`${c} ${c}`) === c);
  });
}

/** A class without its variants (`hover:`), its important mark, its negative sign and its opacity or line height. */
function baseClass(className: string): string[] {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    if (className[i] === "[" || className[i] === "(") depth++;
    else if (className[i] === "]" || className[i] === ")") depth--;
    else if (className[i] === ":" && depth === 0) start = i + 1;
  }
  const base = className.slice(start).replace(/^!|!$/g, "").replace(/^-/, "");
  const postfix = base.search(/\/[^\]]*$/);
  return postfix > 0 ? [base, base.slice(0, postfix)] : [base];
}

type ClassGroup = Config["classGroups"][string];

/**
 * `group` without what none of the `used` classes is: the class names written out in it (`inline-grid` in the
 * display group), and the validators and theme scales that accept none of their values (`p-[…]` when no padding is
 * arbitrary). Those would recognise classes that are never met.
 */
function withoutUnused(group: ClassGroup, used: string[], theme: Config["theme"], prefix = ""): ClassGroup {
  const values = prefix
    ? used.filter((c) => c.startsWith(`${prefix}-`)).map((c) => c.slice(prefix.length + 1))
    : [];
  const accepts = (part: ClassGroup[number]): boolean => {
    if (typeof part === "string") return values.includes(part);
    if (typeof part !== "function") return true;
    if (!prefix) return true; // A validator of the whole class name: kept, not worth the risk of guessing.
    if ((part as { isThemeGetter?: boolean }).isThemeGetter) {
      const scale = theme[themeKeyOf(part as (theme: Record<string, unknown>) => unknown)] ?? [];
      return scale.some(accepts);
    }
    return values.some((value) => (part as (value: string) => boolean)(value));
  };
  return group.flatMap((part): ClassGroup => {
    if (typeof part === "string")
      return used.includes([prefix, part].filter(Boolean).join("-")) ? [part] : [];
    if (typeof part === "function") return accepts(part) ? [part] : [];
    const entries = Object.entries(part)
      .map(
        ([key, child]) =>
          [key, withoutUnused(child, used, theme, [prefix, key].filter(Boolean).join("-"))] as const,
      )
      .filter(([, child]) => child.length > 0);
    return entries.length > 0 ? [Object.fromEntries(entries)] : [];
  });
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads (it only reads it). */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(
    new Proxy(
      {},
      {
        get: (_, k) => {
          key = String(k);
          return [];
        },
      },
    ),
  );
  if (key === undefined) throw new Error("A theme getter of tailwind-merge's list read no key");
  return key;
}

/** `value` as TypeScript source, its functions named: validators as `v.name`, theme getters as `t("key")`. */
function toSource(value: unknown, themeKeys: Set<string>): string {
  if (typeof value === "function") {
    if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
      const key = themeKeyOf(value as (theme: Record<string, unknown>) => unknown);
      themeKeys.add(key);
      return `t(${JSON.stringify(key)})`;
    }
    const name = validatorNames.get(value);
    if (!name)
      throw new Error(`tailwind-merge's list holds a function that is not one of its validators: ${value}`);
    return `v.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => toSource(item, themeKeys)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toSource(v, themeKeys)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The generated module: the default list cut to the groups `classes` belong to. JavaScript, not TypeScript: Vite
 * compiles no virtual module (its types: src/web/virtual-modules.d.ts).
 */
export function classMergeConfigSource(classes: string[]): string {
  const config: Config = getDefaultConfig();
  const groups = groupsOf(classes, config);
  const kept = new Set(groups);
  const pick = (record: Partial<Record<string, readonly string[]>>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => kept.has(group))
        .map(([group, conflicts = []]): [string, string[]] => [group, conflicts.filter((c) => kept.has(c))])
        .filter(([, conflicts]) => conflicts.length > 0),
    );
  const themeKeys = new Set<string>();
  const used = [...new Set(classes.flatMap(baseClass))];
  const classGroups = toSource(
    Object.fromEntries(groups.map((g) => [g, withoutUnused(config.classGroups[g]!, used, config.theme)])),
    themeKeys,
  );
  // Theme scales can name other scales: collect until no new key appears.
  const theme: Record<string, string> = {};
  for (
    let pending = [...themeKeys];
    pending.length > 0;
    pending = [...themeKeys].filter((k) => !(k in theme))
  ) {
    for (const key of pending) theme[key] = toSource(config.theme[key] ?? [], themeKeys);
  }
  const themeSource = `{${Object.entries(theme)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(",")}}`;
  return `// Generated by scripts/build-plan/class-merge.ts: tailwind-merge's default class list, cut to the ${groups.length} of its
// ${Object.keys(config.classGroups).length} groups that the classes written in src/web and src/shared belong to.
import { fromTheme as t, validators as v } from "tailwind-merge";

export const classMergeConfig = () => ({
  cacheSize: ${config.cacheSize},
  theme: ${themeSource},
  classGroups: ${classGroups},
  conflictingClassGroups: ${JSON.stringify(pick(config.conflictingClassGroups))},
  conflictingClassGroupModifiers: ${JSON.stringify(pick(config.conflictingClassGroupModifiers))},
  postfixLookupClassGroups: ${JSON.stringify((config.postfixLookupClassGroups ?? []).filter((g) => kept.has(g)))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
});
`;
}

/**
 * Serves `virtual:class-merge-config`, generated from the sources when first imported. The dev server generates it
 * again on the next load after a source changes (a new kind of class needs its group).
 */
export function classMergePlugin(dirs = SOURCE_DIRS): Plugin {
  let source: string | undefined;
  let server: ViteDevServer | undefined;
  return {
    name: "pulse-class-merge-config",
    configureServer(devServer) {
      server = devServer;
    },
    resolveId: (id) => (id === CLASS_MERGE_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      source ??= classMergeConfigSource(sourceClasses(dirs));
      return source;
    },
    handleHotUpdate({ file }) {
      if (!isSource(file) || !dirs.some((dir) => file.startsWith(dir + path.sep))) return;
      source = undefined;
      const generated = server?.moduleGraph.getModuleById(RESOLVED_ID);
      if (generated) server?.moduleGraph.invalidateModule(generated);
    },
  };
}
