import fc from "fast-check";
import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "./request-durations";

const NAME = "pulse_http_request_duration_seconds";
const HELP = "HTTP requests by route template and status class.";
const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Request {
  method: string;
  route: string;
  statusCode: number;
  seconds: number;
}

/** The exposition lines of one registry holding `record`'s histogram, in order, or sorted when `sorted`. */
async function exposition(record: (registry: Registry) => (request: Request) => void, requests: Request[]) {
  const registry = new Registry();
  const observe = record(registry);
  requests.forEach(observe);
  return (await registry.metrics()).trimEnd().split("\n");
}

const withPromClient = (registry: Registry) => {
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ["method", "route", "status_class"] as const,
    buckets: BOUNDS,
    registers: [registry],
  });
  return ({ method, route, statusCode, seconds }: Request) =>
    histogram.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
};

const withRequestDurations = (registry: Registry) => {
  const durations = new RequestDurations(NAME, HELP, BOUNDS);
  RequestDurations.register(registry, durations);
  return ({ method, route, statusCode, seconds }: Request) =>
    durations.observe(method, route, statusCode, seconds);
};

const sorted = (lines: string[]) => [...lines].sort();

describe("RequestDurations", () => {
  it("writes what prom-client's Histogram writes for the same requests, whatever they are", async () => {
    const request = fc.record({
      method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE"),
      route: fc.constantFrom("/api/connectors", "/api/connectors/:type", "/api/projects", "unmatched"),
      statusCode: fc.integer({ min: 100, max: 599 }),
      // Bounds themselves included: a duration equal to a bound is in that bound's bucket (le, "less or equal").
      seconds: fc.oneof(fc.constantFrom(...BOUNDS, 0, 20), fc.double({ min: 0, max: 30, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { maxLength: 60 }), async (requests) => {
        const ours = await exposition(withRequestDurations, requests);
        const theirs = await exposition(withPromClient, requests);
        // The same lines; the series may come in another order (prom-client's: first seen; here: by route).
        expect(sorted(ours)).toEqual(sorted(theirs));
        expect(ours.slice(0, 2)).toEqual([`# HELP ${NAME} ${HELP}`, `# TYPE ${NAME} histogram`]);
      }),
      { numRuns: 200 },
    );
  });

  it("counts each request once, in the first bucket whose bound it does not pass, and every bucket above", async () => {
    const lines = await exposition(withRequestDurations, [
      { method: "GET", route: "/api/connectors", statusCode: 200, seconds: 0.004 },
      { method: "GET", route: "/api/connectors", statusCode: 204, seconds: 0.005 },
      { method: "GET", route: "/api/connectors", statusCode: 200, seconds: 12 },
    ]);
    const series = 'method="GET",route="/api/connectors",status_class="2xx"';
    expect(lines).toContain(`${NAME}_bucket{le="0.0025",${series}} 0`);
    expect(lines).toContain(`${NAME}_bucket{le="0.005",${series}} 2`);
    expect(lines).toContain(`${NAME}_bucket{le="10",${series}} 2`);
    expect(lines).toContain(`${NAME}_bucket{le="+Inf",${series}} 3`);
    expect(lines).toContain(`${NAME}_sum{${series}} 12.009`);
    expect(lines).toContain(`${NAME}_count{${series}} 3`);
  });

  it("starts again from nothing when the registry resets its metrics", async () => {
    const registry = new Registry();
    const observe = withRequestDurations(registry);
    observe({ method: "GET", route: "/api/projects", statusCode: 200, seconds: 0.01 });
    registry.resetMetrics();
    expect((await registry.metrics()).trimEnd().split("\n")).toEqual([
      `# HELP ${NAME} ${HELP}`,
      `# TYPE ${NAME} histogram`,
    ]);
  });
});
