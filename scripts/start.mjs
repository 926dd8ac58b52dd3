// `npm start`: builds the web app when it is missing or out of date, then runs the one Pulse server process.
import { register } from "tsx/esm/api";
import { buildWeb } from "./build.mjs";
import { webBuildIsStale } from "./web-build-state.mjs";

if (webBuildIsStale()) {
  process.stdout.write("Building the web app…\n");
  await buildWeb({ quiet: true });
}
register();
await import("../src/server/main.ts");
