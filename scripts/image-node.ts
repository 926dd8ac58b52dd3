/**
 * The Node.js line the container image runs, read from the one place it is written: the Dockerfile's
 * `ARG NODE_IMAGE=node:<line>-bookworm-slim` (docs/decisions/0091-production-install-and-container.md). The
 * production-install test runs the built server on an official binary of that line, fetched from the npm registry
 * (the `node-linux-<arch>` packages ship nodejs.org's release build), and the container test checks the recipe
 * names no other line.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

const NODE_IMAGE_ARG = /^ARG NODE_IMAGE=node:(\d+)-bookworm-slim$/m;

/** The major version of Node.js the image is built on. */
export function imageNodeLine(dockerfile = readFileSync("Dockerfile", "utf8")): number {
  const found = NODE_IMAGE_ARG.exec(dockerfile);
  if (!found) throw new Error("The Dockerfile names no ARG NODE_IMAGE=node:<line>-bookworm-slim");
  return Number(found[1]);
}

/** The registry package holding the official Linux build of Node.js for this machine's processor. */
export function nodeBinaryPackage(): string {
  if (process.platform !== "linux" || !["x64", "arm64"].includes(process.arch))
    throw new Error(`No official Node.js build package for ${process.platform}-${process.arch} here`);
  return `node-linux-${process.arch}`;
}

function npm(args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  const child = spawn("npm", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`npm ${args.join(" ")}: ${stderr}`)),
    ),
  );
}

function untar(archive: string, into: string): Promise<void> {
  const child = spawn("tar", ["-xzf", archive, "-C", into, "package/bin/node"], { stdio: "ignore" });
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`tar -xzf ${archive}: ${code}`)))),
  );
}

/**
 * The newest release of Node.js `line` as an executable, downloaded once into `cacheDir` (one folder per release, so
 * a newer release of the line is fetched when the registry has one). `env` is the environment npm runs in.
 */
export async function nodeBinaryOfLine(
  line: number,
  cacheDir: string,
  env: Record<string, string>,
): Promise<{ version: string; bin: string }> {
  const pkg = nodeBinaryPackage();
  mkdirSync(cacheDir, { recursive: true });
  const versions = JSON.parse(await npm(["view", `${pkg}@${line}`, "version", "--json"], cacheDir, env)) as
    string | string[];
  // The registry lists them in publishing order, not by version.
  const [version] = [versions]
    .flat()
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.split(".").map(Number));
      return y![0]! - x![0]! || y![1]! - x![1]! || y![2]! - x![2]!;
    });
  if (!version) throw new Error(`The npm registry has no release of ${pkg}@${line}`);
  const release = path.join(cacheDir, `${pkg}-${version}`);
  const bin = path.join(release, "bin", "node");
  if (existsSync(bin)) return { version, bin };

  // Fetched into a folder of its own and renamed into place, so a run stopped half-way leaves no broken binary.
  const scratch = mkdtempSync(path.join(cacheDir, ".fetch-"));
  try {
    const packed = JSON.parse(
      await npm(["pack", `${pkg}@${version}`, "--json", "--pack-destination", scratch], scratch, env),
    ) as { filename: string }[];
    await untar(path.join(scratch, packed[0]!.filename), scratch);
    try {
      renameSync(path.join(scratch, "package"), release);
    } catch (err) {
      // Another run put the same release in place first.
      if (!existsSync(bin)) throw err;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { version, bin };
}
