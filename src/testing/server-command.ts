import { SERVER_ENTRY } from "../build/build-state.mjs";
import { ensureServerBuild } from "../build/server-build.mjs";

/**
 * What `npm start` (package.json) and the container image (Dockerfile) put in the server's environment: glibc's
 * malloc then gives memory freed in blocks over 128 KB back to the system instead of keeping it for later. The
 * embedded database's start leaves such memory behind, and returning it did not cost API throughput (issue 23;
 * docs/performance.md, "PGlite's memory"). glibc reads it when the process starts, so the server cannot set it
 * for itself. scripts/process-environment.test.ts keeps the three in step.
 */
export const SERVER_PROCESS_ENV = { MALLOC_TRIM_THRESHOLD_: "131072" } as const;

/**
 * Test and measurement support (not a test): how to spawn the Pulse server as `npm start` runs it — the built
 * bundle, rebuilt first when a server source is newer, so a test always runs the current sources, with the
 * environment `npm start` adds.
 */
export async function serverCommand(
  nodeArgs: string[] = [],
): Promise<{ command: string; args: string[]; env: typeof SERVER_PROCESS_ENV }> {
  await ensureServerBuild();
  return { command: process.execPath, args: [...nodeArgs, SERVER_ENTRY], env: SERVER_PROCESS_ENV };
}
