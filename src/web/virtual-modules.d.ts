// Modules the build and the dev and test servers generate (scripts/build-plan/, docs/build.md).

declare module "virtual:class-merge-config" {
  import type { Config } from "tailwind-merge";
  /** tailwind-merge's default class list, cut to the groups of the classes written in src/web and src/shared. */
  export const classMergeConfig: () => Config<string, string>;
}
