// Must fail lint (scripts/lint-rules.test.ts): a and b import each other.
import { b } from "./cycle-b";

export const a = () => b;
