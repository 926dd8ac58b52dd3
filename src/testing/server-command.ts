import { ensureServerBuild } from "../../scripts/build.mjs";
import { SERVER_ENTRY } from "../../scripts/build-state.mjs";

/**
 * Test and measurement support (not a test): how to spawn the Pulse server as `npm start` runs it — the built
 * bundle, rebuilt first when a server source is newer, so a test always runs the current sources.
 */
export async function serverCommand(nodeArgs: string[] = []): Promise<{ command: string; args: string[] }> {
  await ensureServerBuild();
  return { command: process.execPath, args: [...nodeArgs, SERVER_ENTRY] };
}
