// Types of ./server-build.mjs for the TypeScript that imports it (tests, test launchers).
export function buildServer(options?: { root?: string }): Promise<void>;
export function ensureServerBuild(options?: { root?: string }): Promise<boolean>;
export function walk(dir: string): Generator<string>;
