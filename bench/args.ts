// The command line the bench's scripts share: `--name=value` flags, bare `--name` switches, and the API route and
// database a script measures (bench:compare, bench:instructions, bench:profile, bench:definitions).
import { API_ROUTES } from "./api";
import type { DatabaseKind } from "./fixtures";

const args = process.argv.slice(2);

/** The value of `--name=value`, or the fallback. */
export function flag(name: string): string | undefined;
export function flag(name: string, fallback: string): string;
export function flag(name: string, fallback?: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

/** Every value of a flag that may be given more than once (`--build=a --build=b`). */
export function flags(name: string): string[] {
  return args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
}

/** Whether the bare switch `--name` was given. */
export function switchedOn(name: string): boolean {
  return args.includes(`--${name}`);
}

/** `--route` (one of the API bench's routes) and `--db` (pglite or postgres); anything else is refused. */
export function apiTarget(defaults: { route: string; db: DatabaseKind }) {
  const path = flag("route", defaults.route);
  const route = API_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`--route must be one of ${API_ROUTES.map((r) => r.path).join(", ")}`);
  const kind = flag("db", defaults.db);
  if (kind !== "pglite" && kind !== "postgres") throw new Error("--db must be pglite or postgres");
  return { route, kind: kind as DatabaseKind };
}
