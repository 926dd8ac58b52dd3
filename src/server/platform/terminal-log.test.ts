import pino from "pino";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { terminalLogger, wantsReadableLogs, type LogOutput } from "./terminal-log";

/** A stand-in for stdout that keeps what was written. */
function output(isTTY: boolean): LogOutput & { text(): string } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; text(): string };
  let written = "";
  stream.on("data", (chunk: Buffer) => (written += chunk.toString()));
  stream.isTTY = isTTY;
  stream.text = () => written;
  return stream;
}

describe("the server's log at a terminal (issue 21 item 11)", () => {
  it("is readable lines in development when stdout is a terminal", async () => {
    const out = output(true);
    const options = await terminalLogger({ production: false, logLevel: "info" }, out);
    expect(options).toBeDefined();
    const log = pino({ level: options!.level }, options!.stream);
    log.info({ requestId: "r-1" }, "Pulse is running");
    await expect.poll(() => out.text()).toContain("Pulse is running");
    // eslint-disable-next-line no-control-regex
    const plain = out.text().replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: Pulse is running/);
    expect(plain).toContain('requestId: "r-1"');
    expect(() => JSON.parse(plain.split("\n")[0]!)).toThrow();
  });

  it("stays JSON in production and whenever the output is not a terminal", async () => {
    expect(wantsReadableLogs({ production: false }, { isTTY: true })).toBe(true);
    expect(wantsReadableLogs({ production: true }, { isTTY: true })).toBe(false);
    expect(wantsReadableLogs({ production: false }, { isTTY: false })).toBe(false);
    expect(wantsReadableLogs({ production: false }, {})).toBe(false);
    expect(await terminalLogger({ production: false, logLevel: "info" }, output(false))).toBeUndefined();
    expect(await terminalLogger({ production: true, logLevel: "info" }, output(true))).toBeUndefined();
  });
});
