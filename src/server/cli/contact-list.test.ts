import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { samplePdf } from "../../testing/contact-files";
import { run, type SubmissionSummary } from "./contact-list";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-contact-list-"));
  dirs.push(dir);
  return dir;
}

async function seed(db: Database): Promise<{ careersId: string; otherId: string }> {
  const [other] = await db.query<{ id: string }>(
    `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, message, client_ip, created_at)
     VALUES ('Eve', 'Mallory', 'eve@example.com', 'Something else', $1, '198.51.100.4', '2026-03-01T09:00:00Z')
     RETURNING id`,
    ["Hello\u001b[31m red\nsecond line"],
  );
  const [careers] = await db.query<{ id: string }>(
    `INSERT INTO pulse.contact_submissions (first_name, last_name, email, company, reason, message,
       resume_original_name, resume_stored_name, resume_type, resume_size, resume_bytes, client_ip, user_agent, created_at)
     VALUES ('Ada', 'Lovelace', 'ada@example.com', 'Engines', 'Careers', 'Hire me', 'Ada CV.pdf',
       '0b6c3c47-0f5e-4a57-9c1e-1d1b1a2f5e11.pdf', 'application/pdf', $1, $2, '203.0.113.7', 'Firefox', '2026-03-01T10:00:00Z')
     RETURNING id`,
    [samplePdf().length, samplePdf()],
  );
  return { careersId: careers!.id, otherId: other!.id };
}

describe("npm run contact:list (embedded database)", () => {
  it("refuses clearly while a server holds the DATA_DIR, then lists and exports once it is free", async () => {
    const dataDir = await migratedDataDir("pulse-contact-list-");
    dirs.push(dataDir);
    const env = { NODE_ENV: "test", DATA_DIR: dataDir };
    const db = await openDatabase({ dataDir });
    const { careersId, otherId } = await seed(db);

    const locked = capture();
    expect(await run([], env, locked.io)).toBe(1);
    expect(locked.err.join("\n")).toContain(
      `the embedded database in ${dataDir} is locked by a running Pulse server`,
    );
    expect(locked.err.join("\n")).toContain("stop the Pulse server that uses\n  this DATA_DIR");
    await db.close();

    const listed = capture();
    expect(await run([], env, listed.io)).toBe(0);
    const text = listed.out.join("\n");
    expect(text).toContain("2 contact submissions; the 2 most recent first:");
    expect(text.indexOf("Ada Lovelace <ada@example.com>, Engines")).toBeLessThan(text.indexOf("Eve Mallory"));
    expect(text).toContain(`2026-03-01T10:00:00.000Z  ${careersId}  Careers`);
    expect(text).toContain(
      `Resume: "Ada CV.pdf" (application/pdf, ${samplePdf().length} B) — npm run contact:list -- --resume ${careersId} --out 0b6c3c47-0f5e-4a57-9c1e-1d1b1a2f5e11.pdf`,
    );
    // A visitor's control characters never reach the operator's terminal.
    expect(text).toContain("Message: Hello�[31m red ⏎ second line");
    expect(text).not.toContain("\u001b");

    const json = capture();
    expect(await run(["--json", "--limit", "1"], env, json.io)).toBe(0);
    const parsed = JSON.parse(json.out.join("\n")) as SubmissionSummary[];
    expect(parsed).toEqual([
      {
        id: careersId,
        createdAt: "2026-03-01T10:00:00.000Z",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        company: "Engines",
        reason: "Careers",
        message: "Hire me",
        resume: {
          originalName: "Ada CV.pdf",
          storedName: "0b6c3c47-0f5e-4a57-9c1e-1d1b1a2f5e11.pdf",
          type: "application/pdf",
          size: samplePdf().length,
        },
        clientIp: "203.0.113.7",
        userAgent: "Firefox",
      },
    ]);

    const outFile = path.join(tempDir(), "cv.pdf");
    const exported = capture();
    expect(await run(["--resume", careersId, "--out", outFile], env, exported.io)).toBe(0);
    expect(readFileSync(outFile).equals(samplePdf())).toBe(true);
    expect(exported.out[0]).toBe(
      `Wrote the resume "Ada CV.pdf" (application/pdf, ${samplePdf().length} bytes) to ${outFile}`,
    );

    const again = capture();
    expect(await run(["--resume", careersId, "--out", outFile], env, again.io)).toBe(1);
    expect(again.err).toEqual([`contact:list: ${outFile} already exists; choose another --out file`]);

    const none = capture();
    expect(await run(["--resume", otherId, "--out", outFile + "2"], env, none.io)).toBe(1);
    expect(none.err).toEqual([`contact:list: submission ${otherId} has no resume`]);

    const bad = capture();
    expect(await run(["--resume", "42", "--out", outFile + "3"], env, bad.io)).toBe(2);
    expect(await run(["--resume", careersId], env, bad.io)).toBe(2);
    expect(await run(["--limit", "zero"], env, bad.io)).toBe(2);
    expect(bad.err.join("\n")).toContain("--resume needs --out <file>");
  });

  it("says so when there is nothing yet", async () => {
    const empty = capture();
    expect(await run([], { NODE_ENV: "test", DATA_DIR: tempDir() }, empty.io)).toBe(0);
    expect(empty.out).toEqual(["No contact submissions yet."]);
  });
});
