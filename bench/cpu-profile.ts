// Reading a V8 CPU profile (`node --cpu-prof`) for `npm run bench:profile`: where a server's own CPU time went while
// it answered a load, per function and per area (a package, a folder of Pulse, or V8's own work), in µs per request.
import path from "node:path";

/** The parts of a `.cpuprofile` read here (the format Chrome DevTools opens). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
    children?: number[];
  }[];
  /** Microseconds, V8's monotonic clock (CLOCK_MONOTONIC on Linux: process.hrtime in another process). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code was written: a bundle's frame mapped through its source map (0-based lines). */
export type Locate = (frame: { url: string; lineNumber: number; columnNumber: number }) => {
  url: string;
  lineNumber: number;
};

export interface ProfileEntry {
  name: string;
  /** Self time over the window, µs. */
  selfUs: number;
  /** Share of the window's sampled non-idle time. */
  share: number;
  /** Self time per answered request, µs. */
  usPerRequest: number;
}

export interface ProfileSummary {
  /** Sampled time in the window that was not idle, µs. */
  busyUs: number;
  functions: ProfileEntry[];
  areas: ProfileEntry[];
}

/** V8's pseudo-frames: time not spent in any script. "(idle)" is the process waiting; the others are work. */
const IDLE = "(idle)";

/**
 * The area a frame belongs to: the npm package it is in, Pulse's file (or the bundle's), Node's own module
 * ("node:internal/async_hooks"), or V8's pseudo-frame ("(garbage collector)", "(program)").
 */
export function areaOf(url: string, functionName: string, root: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return url;
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = file.slice(modules + "/node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const relative = path.relative(root, file);
  return relative.startsWith("..") ? file : relative;
}

/**
 * The profile's self time between `fromUs` and `toUs` (its own clock), by function and by area, largest first, with
 * what each costs per request when the window answered `requests`.
 */
export function summariseProfile(
  profile: CpuProfile,
  options: { fromUs: number; toUs: number; requests: number; root: string; top?: number; locate?: Locate },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByNode = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    // A sample stands for the interval up to the next one.
    const interval = profile.timeDeltas[i + 1] ?? 0;
    if (at < options.fromUs || at >= options.toUs) continue;
    const id = profile.samples[i]!;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + interval);
  }
  const timed: Timed[] = [];
  let busyUs = 0;
  for (const [id, us] of selfByNode) {
    const frame = byId.get(id)!.callFrame;
    const { functionName } = frame;
    if (functionName === IDLE) continue;
    const { url, lineNumber } =
      options.locate && frame.url ? options.locate({ columnNumber: 0, ...frame }) : frame;
    busyUs += us;
    const area = areaOf(url, functionName, options.root);
    timed.push({
      name: `${functionName || "(anonymous)"} ${area}${url ? `:${lineNumber + 1}` : ""}`,
      area,
      us,
    });
  }
  return summaryOf(timed, busyUs, options);
}

/** Time spent in one function of one area (a profile's sample, or the sum of several). */
export interface Timed {
  name: string;
  area: string;
  us: number;
}

/**
 * The time of `timed` summed by function and by area, largest first, the first `top` of each, with each one's share
 * of `busyUs` and its cost per request.
 */
export function summaryOf(
  timed: Iterable<Timed>,
  busyUs: number,
  options: { requests: number; top?: number | undefined },
): ProfileSummary {
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const { name, area, us } of timed) {
    functions.set(name, (functions.get(name) ?? 0) + us);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  return {
    busyUs,
    functions: rankEntries(functions, busyUs, options),
    areas: rankEntries(areas, busyUs, options),
  };
}

function rankEntries(
  totals: Map<string, number>,
  busyUs: number,
  options: { requests: number; top?: number | undefined },
): ProfileEntry[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top ?? 25)
    .map(([name, selfUs]) => ({
      name,
      selfUs,
      share: busyUs === 0 ? 0 : selfUs / busyUs,
      usPerRequest: options.requests === 0 ? 0 : selfUs / options.requests,
    }));
}
