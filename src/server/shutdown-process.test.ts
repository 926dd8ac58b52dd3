// The real process, signalled (issue #14 item 3): a built server on a PGlite DATA_DIR, whatever the test database is
// (the in-process drain is shutdown.test.ts).
import http from "node:http";
import { describe, expect, it } from "vitest";
import { solveToToken } from "../testing/captcha";
import { samplePdf } from "../testing/contact-files";
import { createSessionsBeforeStart } from "../testing/direct-session";
import { freePort } from "../testing/free-port";
import { migratedDataDir } from "../testing/migrated-data-dir";
import { startPulse, type PulseProcess } from "../testing/pulse-process";
import { openDatabase } from "./db/client";

interface Started {
  server: PulseProcess;
  env: Record<string, string>;
  token: string;
  aliasId: string;
}

/** A PGlite server on a DATA_DIR of its own with a signed-in company user and one Streams candidate. */
async function startWithSession(): Promise<Started> {
  const dataDir = await migratedDataDir("pulse-kill-");
  // LOG_LEVEL info: the tests wait for the server's "incoming request" line before signalling it.
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    CONTACT_RATE_LIMIT: "1000",
    LOG_LEVEL: "info",
  };
  let aliasId = "";
  const [session] = await createSessionsBeforeStart(env, ["ann@acme.com"], async (db) => {
    const [alias] = await db.query<{ id: string }>(
      "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id) VALUES ('Kill test', 'jira', 'K-1') RETURNING id",
    );
    aliasId = alias!.id;
  });
  return { server: await startPulse({ env }), env, token: session!.access_token, aliasId };
}

/** A contact form with a solved captcha and a resume of `resumeBytes`, as one multipart body. */
async function contactBody(
  baseURL: string,
  resumeBytes: number,
): Promise<{ type: string; body: Buffer; resume: Buffer }> {
  const challenge = await (await fetch(`${baseURL}/api/captcha/challenge`)).json();
  const resume = samplePdf("x".repeat(resumeBytes));
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    dropdown: "Careers",
    message: "Killed mid-flight",
    "g-recaptcha-response": await solveToToken(challenge),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("resume", new Blob([new Uint8Array(resume)], { type: "application/pdf" }), "cv.pdf");
  const request = new Request(`${baseURL}/api/contact`, { method: "POST", body: form });
  return {
    type: request.headers.get("content-type")!,
    body: Buffer.from(await request.arrayBuffer()),
    resume,
  };
}

/** Rows of the stored submissions, read from the data directory after the server is gone. */
async function storedSubmissions(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    return await db.query<{ email: string; resume_size: number | null; resume_bytes: Uint8Array | null }>(
      "SELECT email, resume_size, resume_bytes FROM pulse.contact_submissions",
    );
  } finally {
    await db.close();
  }
}

/**
 * Sends `body` in two halves over a raw HTTP request; `between` runs after the first half reached the socket.
 * Resolves with the status, or with the error the client saw.
 */
function uploadInTwoHalves(
  port: number,
  type: string,
  body: Buffer,
  between: (req: http.ClientRequest) => Promise<"finish" | "stall">,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/contact",
      headers: { "content-type": type, "content-length": body.length },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", (err) => resolve({ error: err.message }));
    });
    req.on("error", (err) => resolve({ error: err.message }));
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half), () => {
      void between(req).then((next) => {
        if (next === "finish") req.end(body.subarray(half));
      });
    });
  });
}

describe("the server process, signalled during writes", () => {
  it("SIGTERM during a contact upload: the client finishing gets its 200 and the submission is stored whole", async () => {
    const { server, env } = await startWithSession();
    const { type, body, resume } = await contactBody(server.baseURL, 600_000);
    const outcome = await uploadInTwoHalves(server.port, type, body, async () => {
      // The server has the request (Fastify logged it) and is reading its body: now the signal.
      await server.waitForLog(
        /"url":"\/api\/contact".*"msg":"incoming request"|"msg":"incoming request".*"url":"\/api\/contact"/,
      );
      server.child.kill("SIGTERM");
      return "finish";
    });
    expect(await server.exited).toBe(0);
    const rows = await storedSubmissions(env.DATA_DIR!);
    if ("status" in outcome && outcome.status === 200) {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.resume_size).toBe(resume.length);
      expect(Buffer.from(rows[0]!.resume_bytes!).equals(resume)).toBe(true);
    } else {
      // Refused or cut before the handler ran: then nothing at all.
      expect(rows).toEqual([]);
    }
    // The request was in flight when the signal came: the drain lets it finish.
    expect(outcome).toMatchObject({ status: 200 });
  }, 120_000);

  it("SIGTERM during a contact upload that never finishes: the client gets an error and nothing is stored", async () => {
    const { server, env } = await startWithSession();
    const { type, body } = await contactBody(server.baseURL, 600_000);
    const outcome = await uploadInTwoHalves(server.port, type, body, async () => {
      await server.waitForLog(
        /"url":"\/api\/contact".*"msg":"incoming request"|"msg":"incoming request".*"url":"\/api\/contact"/,
      );
      server.child.kill("SIGTERM");
      return "stall";
    });
    // The drain deadline (10 s) closes the stalled connection, then the process exits cleanly.
    expect(outcome).toHaveProperty("error");
    expect(await server.exited).toBe(0);
    expect(await storedSubmissions(env.DATA_DIR!)).toEqual([]);
  }, 120_000);

  it("SIGKILL right after a 201 or 200: the PulseMap and the contact submission are there after a restart", async () => {
    const first = await startWithSession();
    const created = await fetch(`${first.server.baseURL}/api/projects`, {
      method: "POST",
      headers: { authorization: `Bearer ${first.token}`, "content-type": "application/json" },
      body: JSON.stringify({ alias_id: first.aliasId }),
    });
    expect(created.status).toBe(201);
    first.server.child.kill("SIGKILL");
    expect(await first.server.exited).toBeNull();

    // The same directory, a new process (the killed one's lock is stale).
    const second = await startPulse({ env: first.env });
    const projects = await fetch(`${second.baseURL}/api/projects`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(projects.status).toBe(200);
    const { projects: list } = (await projects.json()) as { projects: { name: string }[] };
    expect(list.map((p) => p.name)).toEqual(["Kill test"]);

    const { type, body, resume } = await contactBody(second.baseURL, 100_000);
    const sent = await fetch(`${second.baseURL}/api/contact`, {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(body),
    });
    expect(sent.status).toBe(200);
    second.child.kill("SIGKILL");
    expect(await second.exited).toBeNull();
    const rows = await storedSubmissions(first.env.DATA_DIR!);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.resume_bytes!).equals(resume)).toBe(true);
  }, 180_000);
});
