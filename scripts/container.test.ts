/**
 * The container recipe (Dockerfile, .dockerignore, compose.yaml, Caddyfile, .env.example) kept in step with the
 * code. No container runtime runs here, so these read the files: the image is made by the script
 * scripts/production-install.test.ts runs, it is checked on the path the server answers readiness on, and the
 * settings compose and .env.example give are a configuration Pulse accepts for production.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../src/server/config";
import { imageNodeLine } from "./image-node";

const read = (file: string) => readFileSync(file, "utf8");

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages, each a list of instructions (continuation lines joined, comments dropped). */
function dockerfileStages(text: string): { name: string; instructions: Instruction[] }[] {
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages: { name: string; instructions: Instruction[] }[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, " ") };
    if (instruction.keyword === "FROM") {
      stages.push({ name: / AS (\S+)$/i.exec(instruction.args)?.[1] ?? "", instructions: [] });
    }
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** ENV instructions' KEY=value pairs. */
function envOf(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of instructions) {
    if (keyword !== "ENV") continue;
    for (const [, key, value] of args.matchAll(/([A-Z_]+)=(\S+)/g)) env[key!] = value!;
  }
  return env;
}

/** `${NAME}` and `${NAME:?message}` of compose, taken from `values`. */
function interpolate(value: string, values: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::\?[^}]*)?\}/g, (_, name: string) => {
    if (values[name] === undefined)
      throw new Error(`compose.yaml uses \${${name}}, which .env.example lacks`);
    return values[name];
  });
}

/** The variables .env.example sets (uncommented lines) and the ones it only documents (commented out). */
function envExample(): { set: Record<string, string>; documented: Set<string> } {
  const set: Record<string, string> = {};
  const documented = new Set<string>();
  for (const line of read(".env.example").split("\n")) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (active) set[active[1]!] = active[2]!;
    const commented = /^# ([A-Z][A-Z0-9_]*)=/.exec(line);
    if (commented) documented.add(commented[1]!);
  }
  return { set, documented };
}

/** Every variable loadConfig reads, found by handing it an environment that notes each name asked for. */
function variablesLoadConfigReads(): string[] {
  const read = new Set<string>();
  const given: Record<string, string> = {
    // Set, so that loadConfig generates no development secret on disk.
    JWT_SECRET: "x".repeat(48),
    WORKFLOW_SECRET: "whsec_eA==",
    DATA_DIR: "/nonexistent/pulse-container-test",
  };
  const env = new Proxy(given, {
    get(target, key) {
      if (typeof key === "string") read.add(key);
      return target[key as string];
    },
    has(target, key) {
      if (typeof key === "string") read.add(key);
      return key in target;
    },
  });
  loadConfig(env);
  return [...read].sort();
}

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string | string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  networks?: string[];
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, ComposeService>;
  networks: Record<string, { ipam: { config: { subnet: string }[] } }>;
}

const compose = parse(read("compose.yaml"), { merge: true }) as Compose;
const stages = dockerfileStages(read("Dockerfile"));
const runtime = stages.at(-1)!;
const imageEnv = envOf(runtime.instructions);
const replicas = Object.entries(compose.services).filter(([name]) => /^pulse-\d+$/.test(name));
const caddyfile = read("Caddyfile");
const packageJson = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};

/** Whether a package.json `engines` range of the forms `^a.b.c`, `>=a.b` (joined by `||`) accepts release a.b.c. */
function enginesAccept(range: string, version: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  const atLeast = (spec: string) => {
    const [a = 0, b = 0, c = 0] = spec.split(".").map(Number);
    return major !== a ? major > a : minor !== b ? minor > b : patch >= c;
  };
  return range.split("||").some((part) => {
    const spec = part.trim();
    if (spec.startsWith(">=")) return atLeast(spec.slice(2));
    if (spec.startsWith("^")) return atLeast(spec.slice(1)) && major === Number(spec.slice(1).split(".")[0]);
    throw new Error(`engines: cannot read "${spec}"`);
  });
}

describe("Dockerfile", () => {
  it("builds and installs with scripts/production-install.sh, and the image holds only what that made", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", "runtime"]);
    const buildRuns = stages[0]!.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);
    expect(buildRuns.join("\n")).toContain("sh scripts/production-install.sh build");
    expect(buildRuns.join("\n")).toContain("sh scripts/production-install.sh runtime /app");
    const copies = runtime.instructions.filter((i) => i.keyword === "COPY").map((i) => i.args);
    expect(copies).toEqual(["--from=build /app /app"]);
    expect(runtime.instructions.find((i) => i.keyword === "WORKDIR")?.args).toBe("/app");
  });

  it("builds both stages on the Node.js line the production-install test runs, one package.json accepts", () => {
    const froms = stages.map((stage) => stage.instructions[0]!.args.replace(/ AS \S+$/i, ""));
    expect(froms).toEqual(["${NODE_IMAGE}", "${NODE_IMAGE}"]);
    // scripts/production-install.test.ts fetches and runs imageNodeLine(): the line is written once, here.
    const line = imageNodeLine(read("Dockerfile"));
    expect(read("Dockerfile")).toContain(`ARG NODE_IMAGE=node:${line}-bookworm-slim`);
    expect(line).toBeGreaterThanOrEqual(26);
    expect(enginesAccept(packageJson.engines.node, `${line}.0.0`)).toBe(true);
    // The development machines' Node 20.19 keeps working for npm start and npm test.
    expect(enginesAccept(packageJson.engines.node, "20.19.0")).toBe(true);
    expect(enginesAccept(packageJson.engines.node, "20.18.0")).toBe(false);
  });

  it("runs npm run start:prod's command as an unprivileged user, under the production rules", () => {
    const cmd = JSON.parse(runtime.instructions.find((i) => i.keyword === "CMD")!.args) as string[];
    expect(cmd.join(" ")).toBe(packageJson.scripts["start:prod"]);
    const user = runtime.instructions.filter((i) => i.keyword === "USER").at(-1)?.args;
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
    expect(imageEnv).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0" });
    // The image's settings alone are not enough to start: Pulse names what production still needs.
    expect(() => loadConfig(imageEnv)).toThrow(/Production needs these settings: PUBLIC_URL, COMPANY_DOMAIN/);
  });

  it("exposes the port it listens on, keeps DATA_DIR on a volume and checks liveness on /healthz", () => {
    expect(runtime.instructions.find((i) => i.keyword === "EXPOSE")?.args).toBe(imageEnv.PORT);
    expect(runtime.instructions.find((i) => i.keyword === "VOLUME")?.args).toBe(imageEnv.DATA_DIR);
    const healthcheck = runtime.instructions.find((i) => i.keyword === "HEALTHCHECK")!.args;
    // Liveness, not readiness (issue 37 item 10): a database outage must not get the containers replaced.
    expect(healthcheck).toContain("'http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz'");
    expect(healthcheck).toContain('CMD ["node", "-e",');
  });
});

describe(".dockerignore", () => {
  const ignored = read(".dockerignore")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

  it("leaves this machine's installs, builds, data, results and secrets out of the build context", () => {
    for (const entry of [
      "node_modules",
      "dist",
      ".data",
      "test-results",
      "playwright-report",
      ".git",
      ".env",
    ])
      expect(ignored).toContain(entry);
  });

  it("keeps everything the build reads", () => {
    const needed = [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "vite.config.ts",
      "src",
      "scripts",
      ".env.example",
    ];
    const matches = (pattern: string, file: string) =>
      new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`).test(file);
    for (const file of needed) {
      const last = ignored.filter((p) => matches(p.replace(/^!/, ""), file)).at(-1);
      expect(last === undefined || last.startsWith("!"), `${file} is ignored by ${last}`).toBe(true);
    }
  });
});

describe("compose.yaml", () => {
  it("runs two replicas of the image on PostgreSQL 16, after the migrations", () => {
    expect(replicas.map(([name]) => name)).toEqual(["pulse-1", "pulse-2"]);
    expect(compose.services.postgres!.image).toMatch(/^postgres:16\b/);
    expect(compose.services.postgres!.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(compose.services.migrate!.command).toEqual(["npm", "run", "db:migrate"]);
    expect(packageJson.scripts["db:migrate"]).toBeDefined();
    for (const [, service] of [...replicas, ["migrate", compose.services.migrate!] as const]) {
      expect(service.build).toBe(".");
      expect(service.env_file).toBe(".env");
    }
    for (const [, replica] of replicas) {
      expect(replica.depends_on).toEqual({
        postgres: { condition: "service_healthy" },
        migrate: { condition: "service_completed_successfully" },
      });
    }
  });

  it("trusts X-Forwarded-For from its own network only: TRUST_PROXY is the subnet it pins", () => {
    const [network, ...others] = Object.values(compose.networks);
    expect(others).toEqual([]);
    const subnet = network!.ipam.config[0]!.subnet;
    for (const [, replica] of replicas) expect(replica.environment?.TRUST_PROXY).toBe(subnet);
    expect(compose.services.caddy!.networks).toEqual(replica(0).networks);
  });

  it("gives each replica, with .env.example filled in, a production configuration Pulse accepts", () => {
    const { set } = envExample();
    for (const [, service] of replicas) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value, set)]),
      );
      // The image's ENV, then env_file (.env), then compose's environment, which wins.
      const config = loadConfig({ ...imageEnv, ...set, ...environment });
      expect(config).toMatchObject({
        production: true,
        requireHostedDomain: true,
        devStandIns: false,
        host: "0.0.0.0",
        publicUrl: `https://${set.PULSE_DOMAIN}`,
        trustProxy: [compose.networks.pulse!.ipam.config[0]!.subnet],
      });
      expect(new URL(config.databaseUrl!).host).toBe("postgres:5432");
    }
  });
});

function replica(index: number): ComposeService {
  return replicas[index]![1];
}

describe("Caddyfile", () => {
  it("balances over every replica on the port the image listens on, checking /readyz", () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(replicas.map(([name]) => `${name}:${imageEnv.PORT}`));
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(caddyfile).toMatch(/^\{\$PULSE_DOMAIN\} \{$/m);
    expect(compose.services.caddy!.environment?.PULSE_DOMAIN).toBeDefined();
  });

  it("takes a replica out of the rotation within its drain after SIGTERM, and compose waits for the drain", () => {
    const interval = Number(/^\s*health_interval (\d+)s$/m.exec(caddyfile)![1]);
    const { set } = envExample();
    const { shutdownDrainMs } = loadConfig({
      ...imageEnv,
      ...set,
      PUBLIC_URL: `https://${set.PULSE_DOMAIN}`,
    });
    expect(interval * 1000).toBeLessThan(shutdownDrainMs);
    for (const [, service] of replicas) {
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? "")?.[1]);
      expect(grace * 1000).toBeGreaterThan(shutdownDrainMs);
    }
  });

  it("drops idle upstream connections before Pulse closes them", () => {
    const keepalive = Number(/^\s*keepalive (\d+)s$/m.exec(caddyfile)![1]);
    const { timeouts } = loadConfig({ ...envExample().set, NODE_ENV: "test" });
    expect(keepalive * 1000).toBeLessThan(timeouts.keepAliveMs);
  });
});

describe(".env.example", () => {
  it("lists every variable Pulse reads", () => {
    const { set, documented } = envExample();
    const listed = new Set([...Object.keys(set), ...documented]);
    expect(variablesLoadConfigReads().filter((name) => !listed.has(name))).toEqual([]);
  });

  it("leaves commented out what compose.yaml sets for the replicas (compose's value would win)", () => {
    const { set, documented } = envExample();
    for (const name of Object.keys(replica(0).environment ?? {})) {
      expect(set[name], name).toBeUndefined();
      expect(documented.has(name), name).toBe(true);
    }
  });
});
