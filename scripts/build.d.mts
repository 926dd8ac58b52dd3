// Types of ./build.mjs for the TypeScript that imports it (tests, test launchers).
export function buildWeb(options?: { quiet?: boolean }): Promise<void>;
export function buildServer(options?: { root?: string }): Promise<void>;
export function ensureServerBuild(options?: { root?: string }): Promise<boolean>;
