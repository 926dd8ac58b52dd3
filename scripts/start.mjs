// `npm start`: builds the web app and the server bundle when missing or out of date, then runs the one Pulse
// server process from the bundle (no TypeScript compiled at start: docs/decisions/0080-server-bundle.md).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_ENTRY, serverBuildIsStale, webBuildIsStale } from "../src/build/build-state.mjs";
import { buildServer } from "../src/build/server-build.mjs";
import { buildWeb } from "./build.mjs";

if (webBuildIsStale()) {
  process.stdout.write("Building the web app…\n");
  await buildWeb({ quiet: true });
}
if (serverBuildIsStale()) {
  process.stdout.write("Building the server…\n");
  await buildServer();
}
await import(pathToFileURL(path.resolve(SERVER_ENTRY)).href);
