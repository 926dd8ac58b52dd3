// Run by heap-settings.test.ts in a process of its own (node --expose-gc on one thread, the young generation fixed at
// its largest): with "server" it loads the server's heap settings first, with "default" it keeps V8's. It makes pages
// of rows from one literal, each page caught alive by a scavenge, then many short-lived pages, and prints how much the
// old generation grew meanwhile: rows allocated straight into it are what pretenuring does.
import v8 from "node:v8";

if (process.argv[2] === "server") await import("./heap-settings.ts");
const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_used_size;
const row = (i) => ({ id: i, name: `row ${i}`, tags: [i] });
const page = (n) => Array.from({ length: n }, (_, i) => row(i));

for (let i = 0; i < 5; i++) {
  const alive = page(150);
  globalThis.gc({ type: "minor" });
  if (alive.length !== 150) throw new Error("unreachable");
}
globalThis.gc();
const before = oldSpaceUsed();
let rows = 0;
for (let i = 0; i < 200; i++) rows += page(150).length;
process.stdout.write(JSON.stringify({ oldGrowthBytes: oldSpaceUsed() - before, rows }));
