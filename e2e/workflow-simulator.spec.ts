import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn, storedSession } from "./fixtures/sign-in";

/**
 * The development workflow simulator's connect page in a real browser (issue #13, decision 0070): opened as a popup
 * from a signed-in Pulse page, as the Settings page does; its answer reaches Pulse through the signed events
 * endpoint, and the popup closes itself under the page's CSP. The Settings page's own flows are in its spec.
 */

async function signedInApi(page: Page, baseURL: string) {
  await signIn(page, "ada@acme.com");
  const token = (await storedSession(page, baseURL))!.access_token;
  return async (method: "GET" | "POST", path: string) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` } });
    return res.json();
  };
}

async function openPopup(page: Page, url: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page.evaluate((link) => {
      (window as unknown as { connectPopup: Window | null }).connectPopup = window.open(
        link,
        "connect",
        "width=600,height=700",
      );
    }, url),
  ]);
  return popup;
}

const popupClosed = (page: Page) =>
  page.evaluate(() => (window as unknown as { connectPopup: Window | null }).connectPopup?.closed);

for (const origin of ["the same origin", "another origin"] as const) {
  test(`Authorize in a popup on ${origin} turns Asana on and closes the popup; the page keeps its handle`, async ({
    page,
    baseURL,
  }) => {
    const api = await signedInApi(page, baseURL!);
    const { connect_link_url } = await api("POST", "/api/connectors/asana/connect");
    const link = new URL(connect_link_url);
    // localhost and 127.0.0.1 are two origins of one server: the production link is on the service's own origin.
    if (origin === "another origin") link.hostname = "127.0.0.1";
    const popup = await openPopup(page, link.toString());

    await expect(popup.getByRole("heading", { name: "Connect Asana to Pulse" })).toBeVisible();
    expect(await popupClosed(page)).toBe(false);
    await expectNoSeriousA11yViolations(popup);

    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Authorize" }).click();
    await closed;
    // A popup on another origin runs in its own process: the opener's handle learns of the close a moment after
    // the browser reports it, so the handle is asked until it knows.
    await expect.poll(() => popupClosed(page)).toBe(true);
    const { connectors } = await api("GET", "/api/connectors");
    expect(connectors.find((c: { type: string }) => c.type === "asana")).toEqual({
      type: "asana",
      is_active: true,
    });
  });
}

test("Deny leaves Google Drive off and closes the popup", async ({ page, baseURL }) => {
  const api = await signedInApi(page, baseURL!);
  const { connect_link_url } = await api("POST", "/api/connectors/google_drive/connect");
  const popup = await openPopup(page, connect_link_url);
  await expect(popup.getByRole("heading", { name: "Connect Google Drive to Pulse" })).toBeVisible();
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Deny" }).click();
  await closed;
  const { connectors } = await api("GET", "/api/connectors");
  expect(connectors.find((c: { type: string }) => c.type === "google_drive")).toEqual({
    type: "google_drive",
    is_active: false,
  });
});
