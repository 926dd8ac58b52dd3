// `npm run dev`: the Pulse server (restarted on change) plus Vite with hot reload at http://localhost:5173,
// which forwards API, realtime and development stand-in paths to the server.
import { spawn, type ChildProcess } from "node:child_process";

const port = process.env.PORT ?? "3000";
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    if (code !== 0 && code !== null) shutdown(code);
  });
  children.push(child);
}

function shutdown(code = 0): void {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}

run("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
  PORT: port,
  PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173",
});
run("npx", ["vite"], { PORT: port });
process.on("SIGINT", () => shutdown());
process.on("SIGTERM", () => shutdown());
