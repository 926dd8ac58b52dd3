import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { signIn, storedSession } from "./fixtures/sign-in";

/**
 * The realtime socket from a real page (issue #12): the browser's own Origin passes the allow-list, the CSP lets
 * the page connect, and the signed-in session's token authenticates in the first frame.
 */
async function openSocket(page: Page, token: string) {
  return page.evaluate(
    (accessToken) =>
      new Promise<{ frames: { type: string; channel?: string }[]; closed?: number }>((resolve) => {
        const frames: { type: string; channel?: string }[] = [];
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/realtime`);
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: "auth", token: accessToken }));
          ws.send(JSON.stringify({ type: "join", channel: "connectors" }));
        };
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { type: string; channel?: string };
          frames.push(frame);
          if (frame.type === "joined") {
            ws.close();
            resolve({ frames });
          }
        };
        ws.onclose = (event) => resolve({ frames, closed: event.code });
      }),
    token,
  );
}

test.describe("realtime socket", () => {
  test("a signed-in page opens the socket, authenticates and joins its channel", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, "ada@acme.com");
    const session = await storedSession(page, baseURL!);
    const result = await openSocket(page, session!.access_token);
    expect(result.closed).toBeUndefined();
    expect(result.frames.map((f) => f.type)).toEqual(["ready", "joined"]);
  });

  test("a bad token is closed with 4401", async ({ page }) => {
    await page.goto("/");
    const result = await openSocket(page, "not-a-token");
    expect(result).toEqual({ frames: [], closed: 4401 });
  });
});
