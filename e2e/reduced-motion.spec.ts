import { expect, test } from "./fixtures/test";

test.describe("with reduced motion", () => {
  test("the navigation takes its colours at the top at once, with no frame of its scrolled background", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/privacy");
    await expect(page.getByRole("radio", { name: "Light" })).toBeEnabled();
    await page.getByRole("radio", { name: "Light" }).click();
    const header = page.locator("header[data-scrolled]");
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "true");

    // The background as it is computed the moment the navigation leaves its scrolled state, before another frame.
    const background = await header.evaluate(
      (element) =>
        new Promise<string>((resolve) => {
          new MutationObserver((_, observer) => {
            if (element.getAttribute("data-scrolled") !== "false") return;
            observer.disconnect();
            resolve(getComputedStyle(element).backgroundColor);
          }).observe(element, { attributes: true });
          window.scrollTo({ top: 0, behavior: "instant" });
        }),
    );
    expect(background).toBe("rgba(0, 0, 0, 0)");
  });
});
