import type { Rollup } from "vite";

type RollupLog = Rollup.RollupLog;

/**
 * Rollup's warnings that say something only a dependency's author can act on: a comment inside a package under
 * node_modules (zod's notes beside its `@__PURE__` annotations) that Rollup cannot place and drops. A person
 * building Pulse cannot change it, and a screen of them hides the warnings that matter (issue 21 item 11).
 */
export function isDependencyNoise(warning: Pick<RollupLog, "code" | "id">): boolean {
  return warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]/.test(warning.id ?? "");
}

/** Rollup's `onwarn`: every warning but the dependencies' noise reaches the build's output. */
export function onBuildWarning(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (!isDependencyNoise(warning)) warn(warning);
}
