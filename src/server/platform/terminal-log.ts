import type { Config } from "../config";

/** Where the server writes its log: a terminal says so with `isTTY`. */
export type LogOutput = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Readable lines for a person at a terminal (issue 21 item 11): `npm start` in development, with stdout a TTY.
 * Production, and any output that is not a terminal (a pipe, a file, a log collector), keeps pino's JSON, one object
 * a line, which is what machines read.
 */
export function wantsReadableLogs(config: Pick<Config, "production">, out: { isTTY?: boolean }): boolean {
  return !config.production && out.isTTY === true;
}

/**
 * The Fastify logger options for a terminal (pino-pretty, the Fastify convention), or undefined for JSON. pino-pretty
 * is a development dependency: an install without it (`npm ci --omit=dev`) logs JSON.
 */
export async function terminalLogger(
  config: Pick<Config, "production" | "logLevel">,
  out: LogOutput = process.stdout,
): Promise<{ level: string; stream: NodeJS.WritableStream } | undefined> {
  if (!wantsReadableLogs(config, out)) return undefined;
  let pretty;
  try {
    ({ default: pretty } = await import("pino-pretty"));
  } catch {
    return undefined;
  }
  return {
    level: config.logLevel,
    stream: pretty({
      destination: out,
      colorize: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
    }),
  };
}
