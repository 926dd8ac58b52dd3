// Must fail lint (scripts/lint-rules.test.ts): a and b import each other.
import { a } from "./cycle-a";

export const b = () => a;
