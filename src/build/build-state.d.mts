// Types of ./build-state.mjs for the TypeScript that imports it (tests, test launchers).
export const SERVER_ENTRY: string;
export function operatorCommandSources(root?: string): Record<string, string>;
export function operatorCommandEntry(name: string): string;
export function builtOperatorCommands(root?: string): string[];
export function webBuildIsStale(root?: string): boolean;
export function serverBuildIsStale(root?: string): boolean;
