import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classMergeConfig } from "./class-merge-config";

// tailwind-merge's engine with its class list cut to the groups Pulse's classes belong to: the whole list is 6 KB
// of the first download (scripts/class-merge-config.ts; its test checks every pair of Pulse's classes against it).
const mergeClasses = createTailwindMerge(classMergeConfig);

/** Joins class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
