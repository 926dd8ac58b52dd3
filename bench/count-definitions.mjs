// Preloaded into the server by `npm run bench:definitions` (bench/definitions.ts): counts the calls that define or
// copy properties one by one, by call site, between two SIGUSR2 signals, and writes them as JSON to
// $PULSE_DEFINITIONS_OUT. Such a call on a fresh object runs V8's property machinery in C++ (map transitions,
// descriptor updates): a cost spread thin over V8's runtime in a profile, plain here. Not for production.
import { writeFileSync } from "node:fs";

const WATCHED = [
  [Object, "defineProperty"],
  [Object, "defineProperties"],
  [Object, "getOwnPropertyDescriptors"],
  [Reflect, "defineProperty"],
];
/** Frames kept per call site: the watched call's caller and three more. */
const DEPTH = 4;
const calls = new Map();
let counting = false;

for (const [owner, name] of WATCHED) {
  const original = owner[name];
  owner[name] = function (...args) {
    if (counting) {
      const frames = (new Error().stack ?? "").split("\n").slice(2, 2 + DEPTH);
      const site = [
        `${owner === Reflect ? "Reflect" : "Object"}.${name}`,
        ...frames.map((f) => f.trim()),
      ].join(" < ");
      calls.set(site, (calls.get(site) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
}

process.on("SIGUSR2", () => {
  if (!counting) {
    calls.clear();
    counting = true;
    return;
  }
  counting = false;
  writeFileSync(process.env.PULSE_DEFINITIONS_OUT, JSON.stringify([...calls]));
});
