// `npm run size` (after a build): what an anonymous visitor downloads for "/", and how many files each signed-in page
// asks for beside the entry, against the budgets.
import { BUDGETS, measureRoot, measureSignedInPages, SIGNED_IN_FILES_BUDGET } from "./bundle-size";

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

const signedIn = measureSignedInPages();
console.log();
console.log("signed-in page".padEnd(20), "files".padEnd(8), "gzip".padEnd(10), "budget".padEnd(8), "status");
for (const page of signedIn)
  console.log(
    page.page.padEnd(20),
    String(page.files).padEnd(8),
    kb(page.gzip).padEnd(10),
    String(SIGNED_IN_FILES_BUDGET).padEnd(8),
    page.files <= SIGNED_IN_FILES_BUDGET ? "ok" : "OVER BUDGET",
  );
if (
  weight.js > BUDGETS.js ||
  weight.css > BUDGETS.css ||
  signedIn.some((page) => page.files > SIGNED_IN_FILES_BUDGET)
)
  process.exit(1);
