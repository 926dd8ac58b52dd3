import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classMergeConfig } from "virtual:class-merge-config";

// tailwind-merge's engine with its class list cut, at build time, to the groups Pulse's classes belong to: the whole
// list would weigh on the first download (scripts/build-plan/class-merge.ts; its test checks every pair of Pulse's
// classes against the whole list).
const mergeClasses = createTailwindMerge(classMergeConfig);

/** Joins class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
