import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";

const FEATURE_CARDS = [
  "AI-Powered Predictive Execution",
  "Unified Cross-Platform Visibility",
  "Smart, Role-Based Notifications",
  "Seamless Integration and Sync",
];

/** SPEC §1's tools that simple-icons (or our Slack glyph) draws, each an image named after the tool. */
const TOOLS = [
  "Asana",
  "Jira",
  "Slack",
  "Trello",
  "Notion",
  "Gmail",
  "Google Meet",
  "Zoom",
  "Google Sheets",
  "Google Docs",
  "Google Drive",
];

const TERMS_SECTIONS = [
  "Eligibility",
  "Account Registration",
  "Third-Party Integrations",
  "Intellectual Property",
  "Payments",
  "Termination",
  "Disclaimer",
  "Limitation of Liability",
  "Governing Law",
  "Changes",
  "Contact",
];

const PRIVACY_SECTIONS = [
  "Information We Collect",
  "How We Use Information",
  "Sharing",
  "Data Retention",
  "Your Rights",
  "Security",
  "Changes",
  "Contact",
];

const PUBLIC_PAGES = ["/", "/product", "/technology", "/about", "/terms", "/privacy"];

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function expectHeadingTexts(scope: Locator, level: number, names: string[]) {
  await expect(scope.getByRole("heading", { level })).toHaveText(names);
}

async function expectIntegrationLogos(scope: Locator) {
  const list = scope.getByRole("list", { name: "Integrations" });
  for (const tool of TOOLS) await expect(list.getByRole("img", { name: tool, exact: true })).toBeVisible();
  await expect(list.getByRole("img")).toHaveCount(TOOLS.length);
}

async function expectContactButton(scope: Locator, page: Page) {
  const contact = scope.getByRole("link", { name: "Contact Us", exact: true });
  await expect(contact).toHaveAttribute("href", "/contact");
  await contact.click();
  await expect(page).toHaveURL("/contact");
}

test.describe("landing page (/ for an anonymous visitor)", () => {
  test("shows the hero, the claims, the statement card, the four feature cards and the call to action", async ({
    page,
  }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "AI-Driven Project Intelligence Platform",
    );
    await expect(
      page.getByRole("heading", { name: "AI-Driven Project Intelligence Platform" }),
    ).toBeVisible();
    await expect(main.getByText("Pulse", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Pulse — AI-Driven Project Intelligence Platform");

    const hero = region(page, "AI-Driven Project Intelligence Platform");
    await expect(hero.getByRole("list", { name: "Highlights" }).getByRole("listitem")).toHaveText([
      "Real-time coordination",
      "Predictive insights",
      "Intelligent automation",
    ]);
    // Full-screen: the hero fills the viewport below the 64 px navigation.
    const box = await hero.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 64 - 1);

    await expect(region(page, "Projects don't fail overnight. They drift.")).toContainText(
      "A decision gets buried in a meeting.",
    );

    await expectHeadingTexts(region(page, "Everything your team needs to deliver on time"), 3, FEATURE_CARDS);

    const sources = region(page, "Bring your work in, or start fresh");
    await expect(sources).toContainText(
      "Work can be pulled from task trackers, chat and meeting tools, or started from scratch.",
    );
    await expectHeadingTexts(sources, 3, ["Task trackers", "Chat and meeting tools", "Start from scratch"]);

    const cta = region(page, "Ready to Transform Your Projects?");
    await expect(cta.getByRole("heading", { level: 2 })).toHaveText("Ready to Transform Your Projects?");
    await expectContactButton(cta, page);
  });

  test("the scroll-down hint shows only while scrolled less than 50 px", async ({ page }) => {
    await page.goto("/");
    const hint = page.getByRole("button", { name: "Scroll to explore" });
    await expect(hint).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 49, behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(49);
    await expect(hint).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(hint).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(hint).toBeVisible();

    // The hint takes the visitor to the content below the hero.
    await hint.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(hint).toBeHidden();
  });

  test("the hero links lead to the product and technology pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Explore the Platform" }).click();
    await expect(page).toHaveURL("/product");
    await page.goto("/");
    await page.getByRole("link", { name: "See How It Works" }).click();
    await expect(page).toHaveURL("/technology");
  });
});

test.describe("marketing home page (/product)", () => {
  test("shows every block of SPEC with the integration logos and a Contact Us button", async ({ page }) => {
    await page.goto("/product");
    await expect(page).toHaveTitle("Product · Pulse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "One Intelligent Layer Over Every Project Tool",
    );

    await expectIntegrationLogos(region(page, "One Intelligent Layer Over Every Project Tool"));

    const intro = region(page, "Your projects already have a pulse. Now you can read it.");
    for (const term of ["Streams", "PulseMaps", "Pulses"]) {
      await expect(intro.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }

    await expectHeadingTexts(region(page, "Core Features"), 3, FEATURE_CARDS);
    await expect(region(page, "Platform Advantages").getByRole("heading", { level: 3 })).toHaveCount(6);

    const execution = region(page, "Intelligent Project Execution");
    await expect(execution.getByRole("list", { name: "Capabilities" }).getByRole("heading")).toHaveCount(6);
    await expect(execution.getByRole("heading", { name: "What your team gets" })).toBeVisible();
    await expect(execution.getByRole("list", { name: "Benefits" }).getByRole("listitem")).toHaveCount(6);

    await expectHeadingTexts(region(page, "Access Anywhere"), 3, [
      "In Your Browser",
      "On Mobile",
      "Smart Notifications",
    ]);

    await expectContactButton(region(page, "See Pulse on Your Own Projects"), page);
  });
});

test.describe("technology page", () => {
  /**
   * Opens /technology with Playwright's clock installed and paused, so only runFor moves time. React reveals a
   * lazily loaded page after a short timer of its own, so the paused clock is stepped 10 ms at a time until the
   * flow shows: the step interval then started at most 10 ms ago.
   */
  async function openFlowUnderClock(page: Page) {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/technology");
    const flow = page.getByRole("list", { name: "How Pulse works" });
    const deadline = Date.now() + 15_000;
    while (!(await flow.isVisible())) {
      if (Date.now() > deadline) throw new Error("The technology page did not render");
      await page.clock.runFor(10);
    }
    return { flow, current: flow.locator('[aria-current="step"]').getByRole("heading") };
  }

  test("the highlighted step of the four-step flow advances every 2 seconds and wraps", async ({ page }) => {
    const { flow, current } = await openFlowUnderClock(page);
    await expect(flow.getByRole("listitem").getByRole("heading", { level: 3 })).toHaveText([
      "Input",
      "AI Processing",
      "Optimization",
      "Output",
    ]);
    await expect(flow.locator('[aria-current="step"]')).toHaveCount(1);
    await expect(current).toHaveText("Input");
    await page.clock.runFor(1_980);
    await expect(current).toHaveText("Input");
    await page.clock.runFor(20);
    await expect(current).toHaveText("AI Processing");
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("Optimization");
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("Output");
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("Input");
    await expect(flow.locator('[aria-current="step"]')).toHaveCount(1);
  });

  test("the cycle can be paused and resumed", async ({ page }) => {
    const { current } = await openFlowUnderClock(page);
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("AI Processing");
    await page.getByRole("button", { name: "Pause animation" }).click();
    await page.clock.runFor(6_000);
    await expect(current).toHaveText("AI Processing");
    await page.getByRole("button", { name: "Play animation" }).click();
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("Optimization");
  });

  test("with reduced motion the step still advances", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { current } = await openFlowUnderClock(page);
    await expect(current).toHaveText("Input");
    await page.clock.runFor(2_000);
    await expect(current).toHaveText("AI Processing");
  });

  test("shows the four stack cards and the integrations ending in + Many More", async ({ page }) => {
    await page.goto("/technology");
    await expect(page).toHaveTitle("Technology · Pulse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Intelligence Behind Pulse");
    await expect(region(page, "Technology Stack").getByRole("heading", { level: 3 })).toHaveText([
      "Large Language Models",
      "Predictive Analytics",
      "Real-Time Sync Engine",
      "Secure Cloud Infrastructure",
    ]);
    const integrations = region(page, "Integrations");
    await expectIntegrationLogos(integrations);
    const items = integrations.getByRole("list", { name: "Integrations" }).getByRole("listitem");
    await expect(items).toHaveCount(TOOLS.length + 1);
    await expect(items.last()).toHaveText("+ Many More");
    await expectContactButton(page.getByRole("main"), page);
  });
});

test.describe("company story (/about)", () => {
  test("tells the origin, what is being built and why the company exists", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About · Pulse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Built by Project Managers, for Project Managers",
    );
    const main = page.getByRole("main");
    await expect(main).toContainText("Los Angeles company founded in 2025 by two project managers");
    await expect(main.getByRole("definition")).toHaveText([
      "Los Angeles, California",
      "2025",
      "Two project managers",
    ]);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "How Pulse Began",
      "The Intelligence Layer for Project Work",
      "Why We Exist",
      "Let's Build Better Projects Together",
    ]);
    await expect(region(page, "How Pulse Began")).toContainText("started in Los Angeles in 2025");
    await expect(
      region(page, "The Intelligence Layer for Project Work").getByRole("heading", { level: 3 }),
    ).toHaveCount(3);
    await expect(region(page, "Why We Exist")).toContainText(
      "We exist to give every project team that warning",
    );
    await expectContactButton(page.getByRole("main"), page);
  });
});

test.describe("legal pages", () => {
  test("Terms of Service: dates, back-to-home link and the eleven sections with SPEC's terms", async ({
    page,
  }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle("Terms of Service · Pulse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    const main = page.getByRole("main");
    await expect(main).toContainText("Effective date: May 2025");
    await expect(main).toContainText("Last updated: May 2025");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(TERMS_SECTIONS);
    // Numbered, so the contents' "Contact" never clashes with the navigation's "Contact" link.
    await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link")).toHaveText(
      TERMS_SECTIONS.map((title, i) => `${i + 1}. ${title}`),
    );
    await expect(page.getByRole("link", { name: "Contact", exact: true })).toHaveCount(1);

    await expect(region(page, "Governing Law")).toContainText("laws of the State of California");
    await expect(region(page, "Governing Law")).toContainText(
      "courts located in Los Angeles County, California",
    );
    await expect(region(page, "Limitation of Liability")).toContainText(
      "limited to the amount you paid us for the Service in the 12 months before the event",
    );
    await expect(region(page, "Payments")).toContainText(
      "All payments are non-refundable, except where a refund is required by California law.",
    );

    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "Governing Law" })
      .click();
    await expect(page).toHaveURL("/terms#governing-law");
    await expect(page.getByRole("heading", { name: "Governing Law" })).toBeInViewport();

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(
      page.getByRole("heading", { name: "AI-Driven Project Intelligence Platform" }),
    ).toBeVisible();
  });

  test("Privacy Policy: the eight sections, deletion on request and the Google services it connects to", async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Policy · Pulse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    const main = page.getByRole("main");
    await expect(main).toContainText("Effective date: May 2025");
    await expect(main).toContainText("Last updated: May 2025");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(PRIVACY_SECTIONS);
    await expect(main).toContainText(
      "connects to Google services such as meeting transcripts and calendar events",
    );

    const retention = region(page, "Data Retention");
    await expect(retention).toContainText("ask us to delete your personal information at any time");
    await expect(retention.getByRole("link", { name: "privacy@pulse.ai" })).toHaveAttribute(
      "href",
      "mailto:privacy@pulse.ai",
    );
    await expect(region(page, "Contact").getByRole("link", { name: "privacy@pulse.ai" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("every public page", () => {
  // A test a page, each with its own time: all of them in one outgrew a test's time on a slow, busy machine.
  for (const path of PUBLIC_PAGES) {
    test(`${path} has exactly one h1, headings in order, and no serious axe violations in dark and in light theme`, async ({
      page,
    }) => {
      // Colour transitions (theme switch, navigation bar) end at once, so axe sees settled colours.
      await page.emulateMedia({ reducedMotion: "reduce" });
      for (const theme of ["Dark", "Light"] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await page.getByRole("radio", { name: theme }).click();
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        if (theme === "Dark") await expect(page.locator("html")).toHaveClass(/dark/);
        else await expect(page.locator("html")).not.toHaveClass(/dark/);
        const levels = await page
          .getByRole("main")
          .locator("h1, h2, h3, h4, h5, h6")
          .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
        expect(levels[0], `${path} starts with its h1`).toBe(1);
        levels.forEach((level, i) => {
          if (i > 0)
            expect(level - levels[i - 1]!, `${path}: no skipped heading level`).toBeLessThanOrEqual(1);
        });
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test("reads well on a phone: nothing overflows sideways", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
