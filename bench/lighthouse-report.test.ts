import { describe, expect, it } from "vitest";
import {
  categoriesFor,
  figuresOf,
  hostSpeedLine,
  medianFigures,
  medianRunIndex,
  referenceFigures,
  renderProblem,
  tableHeader,
  tableRow,
  type AuditedRun,
} from "./lighthouse-report";

/** A Lighthouse result reduced to what the report reads. */
function run({
  url = "http://localhost:4000/projects",
  performance = 0.97,
  lcpMs = 1_200,
  requests = [] as { url: string; statusCode: number }[],
} = {}): AuditedRun {
  return {
    finalDisplayedUrl: url,
    categories: {
      performance: { score: performance },
      accessibility: { score: 1 },
      "best-practices": { score: 1 },
      seo: { score: 0.92 },
    },
    audits: {
      "largest-contentful-paint": { numericValue: lcpMs },
      "network-requests": { details: { items: requests } },
    },
  };
}

describe("renderProblem", () => {
  it("accepts a run that ended on the audited page with every API request answered", () => {
    const ok = run({
      requests: [
        { url: "http://localhost:4000/assets/index-1.js", statusCode: 200 },
        { url: "http://localhost:4000/api/auth/user", statusCode: 200 },
        { url: "http://localhost:4000/api/streams/candidates?limit=50", statusCode: 304 },
      ],
    });
    expect(renderProblem(ok, "/projects")).toBeUndefined();
  });

  it("refuses a signed-in page that fell back to the sign-in page", () => {
    expect(renderProblem(run({ url: "http://localhost:4000/auth" }), "/projects")).toBe(
      "ended on /auth, not /projects",
    );
  });

  it("refuses a run whose API requests were refused or never answered", () => {
    const refused = run({
      requests: [
        { url: "http://localhost:4000/api/auth/user", statusCode: 401 },
        { url: "http://localhost:4000/api/streams/projects", statusCode: 0 },
        { url: "http://localhost:4000/missing.png", statusCode: 404 },
      ],
    });
    expect(renderProblem(refused, "/projects")).toBe(
      "API requests failed: /api/auth/user 401, /api/streams/projects 0",
    );
  });
});

describe("figures and medians", () => {
  it("reads the scores of the page's categories (SEO only on public pages) and the LCP", () => {
    expect(categoriesFor("signed-in")).toEqual(["performance", "accessibility", "best-practices"]);
    expect(figuresOf(run(), categoriesFor("public"))).toEqual({
      scores: { performance: 97, accessibility: 100, "best-practices": 100, seo: 92 },
      lcpMs: 1_200,
    });
  });

  it("takes the worse middle value of each figure, so one lucky run never decides", () => {
    const categories = categoriesFor("signed-in");
    const runs = [
      figuresOf(run({ performance: 0.99, lcpMs: 1_100 }), categories),
      figuresOf(run({ performance: 0.9, lcpMs: 1_700 }), categories),
    ];
    expect(medianFigures(runs, categories)).toMatchObject({ scores: { performance: 90 }, lcpMs: 1_700 });
    const three = [...runs, figuresOf(run({ performance: 0.96, lcpMs: 1_400 }), categories)];
    expect(medianFigures(three, categories)).toMatchObject({ scores: { performance: 96 }, lcpMs: 1_400 });
    // The lhr kept for a look at the causes is the run with the median performance.
    expect(medianRunIndex(three)).toBe(2);
  });
});

describe("the reference", () => {
  it("gives the reference's median LCP and the median of each run's ratio, page and reference audited together", () => {
    // The machine slowed down for the second run: both LCPs grew, their ratio did not.
    const figures = referenceFigures([1_100, 2_200, 1_210], [1_000, 2_000, 1_000]);
    expect(figures.lcpMs).toBe(1_000);
    expect(figures.ratio).toBeCloseTo(1.1);
    // Two runs: the worse middle of each.
    expect(referenceFigures([1_000, 1_300], [1_000, 1_000])).toEqual({ lcpMs: 1_000, ratio: 1.3 });
  });

  it("has no ratio when a run of either side had no LCP, and refuses lists that do not pair up", () => {
    expect(referenceFigures([1_000], [Number.POSITIVE_INFINITY]).ratio).toBeNaN();
    expect(referenceFigures([Number.POSITIVE_INFINITY], [1_000]).ratio).toBeNaN();
    expect(() => referenceFigures([1_000, 1_100], [1_000])).toThrow(/pair up/);
  });
});

describe("the table", () => {
  it("prints every column, a dash where a figure is not judged", () => {
    expect(tableHeader().split(/\s{2,}/)).toEqual([
      "page",
      "performance",
      "accessibility",
      "best-practices",
      "seo",
      "LCP",
      "reference LCP",
      "LCP ratio",
    ]);
    const categories = categoriesFor("signed-in");
    const row = tableRow("/project-manager", figuresOf(run(), categories), "signed-in");
    expect(row.line.split(/\s{2,}/)).toEqual([
      "/project-manager",
      "97",
      "100",
      "100",
      "—",
      "1.20 s",
      "—",
      "—",
    ]);
    expect(row).toMatchObject({ failed: false, missed: [] });
  });

  it("holds a public page to Performance 98, LCP 1.2 s and 1.15 times its reference's LCP", () => {
    const categories = categoriesFor("public");
    const fast = figuresOf(run({ performance: 0.99, lcpMs: 1_100 }), categories);
    fast.scores.seo = 100;
    const ok = tableRow("/about", fast, "public", { lcpMs: 1_000, ratio: 1.1 });
    expect(ok.line.split(/\s{2,}/)).toEqual([
      "/about",
      "99",
      "100",
      "100",
      "100",
      "1.10 s",
      "1.00 s",
      "1.10",
    ]);
    expect(ok.failed).toBe(false);

    const slow = tableRow(
      "/contact",
      figuresOf(run({ performance: 0.97, lcpMs: 1_830 }), categories),
      "public",
      { lcpMs: 1_000, ratio: 1.83 },
    );
    expect(slow.line.split(/\s{2,}/)).toEqual([
      "/contact",
      "97 (< 98)",
      "100",
      "100",
      "92 (< 95)",
      "1.83 s (> 1.2)",
      "1.00 s",
      "1.83 (> 1.15)",
    ]);
    expect(slow).toMatchObject({ failed: true });
    expect(slow.missed).toEqual([
      "performance 97 < 98",
      "seo 92 < 95",
      "LCP 1.83 s > 1.2 s",
      "LCP 1.83× the reference's > 1.15×",
    ]);
  });

  it("fails a public page whose HTML has nothing to paint or whose ratio could not be measured", () => {
    const categories = categoriesFor("public");
    const figures = figuresOf(run({ performance: 1, lcpMs: 900 }), categories);
    figures.scores.seo = 100;
    const empty = tableRow("/", figures, "public", "unrendered");
    expect(empty.line.split(/\s{2,}/)).toEqual([
      "/",
      "100",
      "100",
      "100",
      "100",
      "0.90 s",
      "nothing shown",
      "— (≤ 1.15)",
    ]);
    expect(empty.missed).toEqual([
      "no reference: the page's HTML shows nothing without its scripts (not pre-rendered)",
    ]);
    const justOver = tableRow("/", figures, "public", { lcpMs: 800, ratio: 1.1534 });
    expect(justOver.missed).toEqual(["LCP 1.153× the reference's > 1.15×"]);
    expect(justOver.line).toContain("0.80 s          1.153 (> 1.15)");
    const unmeasured = tableRow("/", figures, "public", {
      lcpMs: Number.POSITIVE_INFINITY,
      ratio: Number.NaN,
    });
    expect(unmeasured.failed).toBe(true);
    expect(unmeasured.line).toContain("— (≤ 1.15)");
  });

  it("holds a signed-in page to Performance 95 and LCP 2.0 s, with no reference", () => {
    const categories = categoriesFor("signed-in");
    const atLimit = tableRow(
      "/timeline",
      figuresOf(run({ performance: 0.95, lcpMs: 2_000 }), categories),
      "signed-in",
    );
    expect(atLimit.failed).toBe(false);
    const over = tableRow(
      "/timeline",
      figuresOf(run({ performance: 0.94, lcpMs: 2_001 }), categories),
      "signed-in",
    );
    expect(over.missed).toEqual(["performance 94 < 95", "LCP 2.001 s > 2.0 s"]);
    // Just over: printed with the digits that show it.
    const justOver = tableRow(
      "/timeline",
      figuresOf(run({ performance: 0.95, lcpMs: 2_000.4 }), categories),
      "signed-in",
    );
    expect(justOver.line).toContain("2.0004 s (> 2.0)");
    // A run without an LCP never passes.
    const none = tableRow("/timeline", { scores: { performance: 99 }, lcpMs: Number.NaN }, "signed-in");
    expect(none.failed).toBe(true);
  });
});

describe("the host's speed", () => {
  it("prints the median of the audits' benchmark indexes with their range, leaving out audits without one", () => {
    expect(hostSpeedLine([2478.4, 1857.5, 2399, Number.NaN, 0])).toBe(
      "Host speed: Lighthouse benchmark index 2399 (median of 3 audits, 1858–2478; higher is faster)",
    );
    expect(hostSpeedLine([])).toBe("Host speed: no benchmark index reported");
  });
});
