import { describe, expect, it } from "vitest";
import {
  categoriesFor,
  figuresOf,
  medianFigures,
  medianRunIndex,
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

describe("the table", () => {
  it("prints every column, SEO as a dash where it is not judged", () => {
    expect(tableHeader().split(/\s+/)).toEqual([
      "page",
      "performance",
      "accessibility",
      "best-practices",
      "seo",
      "LCP",
    ]);
    const row = tableRow("/projects", medianFigures([figuresOf(run(), ["performance"])], ["performance"]), [
      "performance",
    ]);
    expect(row.line.split(/\s{2,}/)).toEqual(["/projects", "97", "—", "—", "—", "1.20 s"]);
    expect(row.failed).toBe(false);
  });

  it("marks and fails a score under its budget and an LCP over 1.5 s", () => {
    const categories = categoriesFor("public");
    const slow = tableRow(
      "/contact",
      figuresOf(run({ performance: 0.84, lcpMs: 1_830 }), categories),
      categories,
    );
    expect(slow.line.split(/\s{2,}/)).toEqual([
      "/contact",
      "84 (< 95)",
      "100",
      "100",
      "92 (< 95)",
      "1.83 s (> 1.5)",
    ]);
    expect(slow.failed).toBe(true);
    const lcpOnly = tableRow("/", figuresOf(run({ lcpMs: 1_501 }), ["performance"]), ["performance"]);
    expect(lcpOnly.failed).toBe(true);
  });
});
