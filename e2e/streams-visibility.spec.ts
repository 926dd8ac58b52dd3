import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CandidatesPage } from "../src/shared/streams";
import { loadConfig } from "../src/server/config";
import { SAMPLE_ASANA_PROJECTS } from "../src/server/workflows/dev-simulator/simulator";
import { signEvent } from "../src/server/workflows/signature";
import { expect, test } from "./fixtures/test";
import { signIn, storedSession } from "./fixtures/sign-in";
import { discover } from "./fixtures/workflow-events";
import type { RunningServer } from "./fixtures/server";

/**
 * Security review finding 13: a discovered Stream is seen by the users whose connected accounts reported it; an
 * item reported without a user by every company user (ARCHITECTURE §5 Workflow automation).
 */

async function session(page: Page, baseURL: string) {
  const stored = (await storedSession(page, baseURL)) as unknown as {
    access_token: string;
    user: { id: string };
  };
  return { token: stored.access_token, userId: stored.user.id };
}

/** A signed `streams.discovered` event reported for `externalUserId`, as the workflow service sends one. */
async function discoverFor(
  request: APIRequestContext,
  server: RunningServer,
  externalUserId: string,
  items: { raw_name: string; source_app: string; external_id: string }[],
) {
  const { workflow } = loadConfig({ ...server.env });
  const payload = JSON.stringify({
    type: "streams.discovered",
    external_user_id: externalUserId,
    items: items.map((i) => ({ ...i, seen_at: new Date().toISOString() })),
  });
  const res = await request.post(`${server.baseURL}/api/workflows/events`, {
    headers: { "content-type": "application/json", ...signEvent(workflow.secret, payload) },
    data: payload,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openStreams(page: Page) {
  await page.getByRole("link", { name: "Streams" }).first().click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { level: 1, name: "Streams" })).toBeVisible();
}

/** The candidate row whose name is exactly `name` (another test's "Website relaunch 1a2b" is not it). */
const candidateRow = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "PulseMap Candidates" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

test("a user who connected nothing does not see a colleague's discoveries, in the page or the API", async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  const run = randomUUID().slice(0, 8);
  const mailThread = `Acquisition talks ${run}`;
  const allHands = `All hands ${run}`;
  const asanaProjects = SAMPLE_ASANA_PROJECTS.map((p) => p.name);

  // Bob syncs Asana (the development simulator reports its projects for him) and his Gmail reports a thread.
  await signIn(page, `bob-${run}@acme.com`);
  const bob = await session(page, baseURL!);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const sync = await page.request.post("/api/connectors/asana/sync", {
    headers: bearer(bob.token),
    data: { kind: "projects" },
  });
  expect(sync.status(), await sync.text()).toBe(200);
  await discoverFor(page.request, server, bob.userId, [
    { raw_name: mailThread, source_app: "gmail", external_id: `thread-${run}` },
  ]);
  // Reported without a user: the whole company's.
  await discover(server, [
    {
      raw_name: allHands,
      source_app: "google_meet_gemini",
      external_id: `meet-${run}`,
      seen_at: new Date().toISOString(),
    },
  ]);

  await openStreams(page);
  for (const name of [mailThread, allHands, ...asanaProjects]) {
    await expect(candidateRow(page, name), name).toHaveCount(1);
  }

  // Carol, in her own browser, has connected nothing.
  const carolContext = await browser.newContext({ baseURL });
  try {
    const carolPage = await carolContext.newPage();
    await signIn(carolPage, `carol-${run}@acme.com`);
    const carol = await session(carolPage, baseURL!);
    await openStreams(carolPage);
    await expect(candidateRow(carolPage, allHands)).toHaveCount(1);
    for (const name of [mailThread, ...asanaProjects]) {
      await expect(candidateRow(carolPage, name), name).toHaveCount(0);
    }

    const api = await carolPage.request.get("/api/streams/candidates?limit=500", {
      headers: bearer(carol.token),
    });
    expect(api.status()).toBe(200);
    const names = ((await api.json()) as CandidatesPage).candidates.map((c) => c.raw_name);
    expect(names).toContain(allHands);
    expect(names.filter((n) => [mailThread, ...asanaProjects].includes(n))).toEqual([]);

    // Nor can she make one of his discoveries a PulseMap: it is not found, as if it did not exist.
    const bobs = await page.request.get("/api/streams/candidates?limit=500", { headers: bearer(bob.token) });
    const thread = ((await bobs.json()) as CandidatesPage).candidates.find((c) => c.raw_name === mailThread)!;
    const create = await carolPage.request.post("/api/projects", {
      headers: bearer(carol.token),
      data: { alias_id: thread.alias_id },
    });
    expect(create.status()).toBe(404);
    await page.reload();
    await expect(candidateRow(page, mailThread)).toHaveCount(1);
  } finally {
    await carolContext.close();
  }
});
