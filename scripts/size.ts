// `npm run size` (after a build): what an anonymous visitor downloads for "/", against the budgets.
import { BUDGETS, measureRoot } from "./bundle-size";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const weight = measureRoot();
console.log("file".padEnd(52), "gzip");
for (const f of weight.files.sort((a, b) => b.gzip - a.gzip)) console.log(f.file.padEnd(52), kb(f.gzip));
console.log();
console.log("total".padEnd(10), "gzip".padEnd(10), "budget".padEnd(10), "status");
for (const kind of ["js", "css"] as const) {
  const ok = weight[kind] <= BUDGETS[kind];
  console.log(
    kind.padEnd(10),
    kb(weight[kind]).padEnd(10),
    kb(BUDGETS[kind]).padEnd(10),
    ok ? "ok" : "OVER BUDGET",
  );
}
if (weight.js > BUDGETS.js || weight.css > BUDGETS.css) process.exit(1);
