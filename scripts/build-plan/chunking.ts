/**
 * How the web app is cut into files: the one place that decides it (docs/build.md lists each trick with its guard
 * test). vite.config.ts reads `chunking()` and nothing else about chunks; the other build-time tricks sit beside
 * this file (class-merge.ts).
 *
 * - Split points: every page of src/web/route-table.ts, and the modules of ON_DEMAND, are loaded with `import()`
 *   and so become chunks of their own; an `import()` of anything else fails the build (split-points.ts).
 * - Small chunks: Rollup merges a chunk smaller than MIN_CHUNK_SIZE that runs nothing when loaded into one loaded in
 *   similar cases, so that a signed-in page does not ask for many tiny files, each holding a share of a slow
 *   connection for a round trip before its first byte (docs/performance.md, "First paint").
 * - Modules that run nothing: lucide's icons and Radix's modules each run one statement that does nothing, which
 *   alone kept them from being merged; PURE_FUNCTIONS and SIDE_EFFECT_FREE say so, and fail the build when a
 *   package upgrade leaves them matching nothing (side-effect-free.ts).
 * - Each page keeps a chunk of its own (scripts/route-preloads.ts fails the build otherwise): the server preloads
 *   a page's files by its chunk.
 */
import type { Plugin, Rollup } from "vite";
import { ROUTE_TABLE } from "../../src/web/route-table";
import { routePreloadsPlugin } from "../route-preloads";
import { sideEffectFree, type SideEffectFreeRule } from "./side-effect-free";
import { splitPointsPlugin } from "./split-points";

/**
 * Modules fetched when first wanted rather than with the page that may want them, relative to src/web (or a
 * package's name), each with why. Each is loaded with `import()` (most through lib/on-demand.ts) where it is used.
 */
export const ON_DEMAND: Readonly<Record<string, string>> = {
  "app/layout/mobile-menu.tsx": "the navigation's menu on narrow screens, opened by a tap",
  "components/ui/calendar.tsx": "the date picker's calendar (react-day-picker), opened by a click",
  "components/ui/select.tsx": "Radix's select behind option-select.tsx, opened by a click",
  "features/contact/contact-form.tsx": "the contact form: the page's heading paints without waiting for it",
  "features/contact/contact-validation.ts":
    "zod and the contact schema, fetched once a visitor starts typing",
  altcha: "the contact form's proof-of-work captcha, when the form shows",
  "features/settings/connectors-tab.tsx": "the settings page's second tab",
  "features/streams/candidate-menu.tsx": "a merge candidate's Radix menu, opened by a click",
  "features/streams/stream-items-panel.tsx": "a stream row's items, when the row is opened",
  "features/timeline/add-project-dialog.tsx": "the timeline's add-project dialog, opened by a click",
  "features/workspace/raci-panel.tsx": "the workspace's RACI panel, when a project is selected",
  "lib/realtime/realtime-client.ts": "the realtime connection, after the page has painted",
  sonner: "the toasts, when the first one is shown",
};

/** The pages, relative to src/web: routes.tsx loads each with `import()`, so each is its own chunk. */
export function pageModules(): string[] {
  const { root, notFound } = ROUTE_TABLE;
  const routes = [...ROUTE_TABLE.public, ...ROUTE_TABLE.protected];
  return [...new Set<string>([root.anonymous, ...routes.map((r) => r.page), notFound])];
}

/**
 * Rollup's `experimentalMinChunkSize`, measured on the code before it is minified. Large enough that the on-demand
 * trigger (components/ui/on-demand-trigger.tsx, on four signed-in pages) joins the chunk of Radix's primitives that
 * every signed-in page loads, instead of being a file of its own that took /projects past its file budget
 * (scripts/bundle-size.test.ts fails when a page asks for more files). Larger still, Rollup merges more shared code
 * into chunks every page loads, so the dashboard downloads what only other pages use; much larger, it merges pages'
 * own chunks too, which the route preloads refuse.
 */
export const MIN_CHUNK_SIZE = 3200;

/** Functions whose calls Rollup may drop when their result is unused: lucide's builds an icon and touches nothing. */
export const PURE_FUNCTIONS = ["createLucideIcon"];

/** Statements blanked in third-party modules because they do nothing (side-effect-free.ts). */
export const SIDE_EFFECT_FREE: readonly SideEffectFreeRule[] = [
  {
    name: "lucide-react's icons read `__iconData.node` of the object they have just written",
    module: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/,
    statement: /^__iconData\.node;$/gm,
  },
  {
    // A keep-names helper setting the `name` the function declaration already gave it. Treating every call named
    // `__name` as pure instead broke Radix's Select.
    name: 'Radix\'s modules call `__name(fn, "fn")` at their top level',
    module: /[\\/]node_modules[\\/]@radix-ui[\\/][^\\/]+[\\/]dist[\\/]index\.mjs$/,
    statement: /^__name\(([\w$]+), "\1"\);$/gm,
  },
];

/** What vite.config.ts takes from the plan: its plugins, and Rollup's tree-shaking and output options. */
export function chunking(): {
  plugins: Plugin[];
  treeshake: Rollup.TreeshakingOptions;
  output: Rollup.OutputOptions;
} {
  return {
    plugins: [
      sideEffectFree(SIDE_EFFECT_FREE),
      splitPointsPlugin(() => [...pageModules(), ...Object.keys(ON_DEMAND)], MIN_CHUNK_SIZE),
      routePreloadsPlugin(),
    ],
    treeshake: { manualPureFunctions: PURE_FUNCTIONS },
    output: { experimentalMinChunkSize: MIN_CHUNK_SIZE },
  };
}
