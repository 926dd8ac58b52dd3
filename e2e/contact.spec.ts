import type { Locator, Page } from "@playwright/test";
import { samplePdf, sampleDocx, sampleElf } from "../src/testing/contact-files";
import { startContactServer, type ContactServer } from "./fixtures/contact-server";
import { allowConsoleErrors, expect, expectNoSeriousA11yViolations, test as base } from "./fixtures/test";

/**
 * The contact journey end to end (issue #4): SPEC's fields, states and messages in Chromium, a real ALTCHA solve by
 * the widget, and the stored submission read back from the server's database with `npm run contact:list`.
 */
const test = base.extend<object, { contact: ContactServer }>({
  contact: [
    async ({}, use) => {
      const server = await startContactServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ contact }, use) => {
    await use(contact.baseURL);
  },
});

test.describe.configure({ timeout: 90_000 });

const field = (page: Page, label: RegExp) => page.getByLabel(label);
const reasonSelect = (page: Page) => page.getByRole("combobox", { name: /Reason for contact/ });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send Message" });

async function fillPerson(
  page: Page,
  person: { first: string; last: string; email: string; company?: string },
) {
  await field(page, /^First name/).fill(person.first);
  await field(page, /^Last name/).fill(person.last);
  await field(page, /^Email/).fill(person.email);
  if (person.company) await field(page, /^Company/).fill(person.company);
}

/** Ticks the ALTCHA checkbox and waits until the widget has solved the server's proof-of-work challenge. */
async function solveCaptcha(page: Page): Promise<Locator> {
  const widget = page.locator("altcha-widget");
  await widget.getByLabel("I'm not a robot").click();
  await expect(widget.locator(".altcha")).toHaveAttribute("data-state", "verified", { timeout: 30_000 });
  return widget;
}

const journeys = [
  {
    reason: "Find out more about Pulse",
    person: {
      first: "Ada",
      last: "Lovelace",
      email: "ada@analytical.example",
      company: "Analytical Engines",
    },
    message: undefined,
    resume: undefined,
  },
  {
    reason: "Careers",
    person: { first: "Grace", last: "Hopper", email: "grace@navy.example" },
    message: "I would love to help build Pulse.",
    resume: {
      name: "Grace Hopper CV.docx",
      mimeType: "application/msword",
      buffer: sampleDocx("Grace Hopper"),
    },
  },
  {
    reason: "Something else",
    person: { first: "Alan", last: "Turing", email: "alan@bletchley.example", company: "Bletchley" },
    message: "Do you integrate with Linear?\nThanks!",
    resume: undefined,
  },
] as const;

test.describe("contact journey", () => {
  for (const journey of journeys) {
    test(`${journey.reason}: fill, solve the captcha, send, thank-you, stored`, async ({ page, contact }) => {
      const logged: unknown[] = [];
      page.on("console", async (msg) => {
        if (msg.type() === "log" && msg.text().startsWith("Contact form submission:")) {
          logged.push(JSON.parse((await msg.args()[1]!.jsonValue()) as string));
        }
      });
      await page.goto("/contact");
      await expect(page).toHaveTitle("Contact · Pulse");
      await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      await expect(reasonSelect(page)).toHaveValue("Find out more about Pulse");
      await expectNoSeriousA11yViolations(page);

      await fillPerson(page, journey.person);
      // The widget loads once the visitor starts on the form.
      await expect(page.locator("altcha-widget")).toBeVisible();
      await reasonSelect(page).selectOption(journey.reason);
      const message = field(page, /^Message/);
      if (journey.message) {
        await expect(message).toHaveAttribute("rows", "4");
        await message.fill(journey.message);
      } else {
        await expect(message).toHaveCount(0);
      }
      if (journey.resume) {
        await field(page, /^Resume/).setInputFiles(journey.resume);
        await expect(page.getByText(`Selected file: ${journey.resume.name}`)).toBeVisible();
      } else {
        await expect(field(page, /^Resume/)).toHaveCount(0);
      }

      const widget = await solveCaptcha(page);
      // SPEC: the captcha is shown in the dark theme.
      expect(await widget.evaluate((el) => getComputedStyle(el).colorScheme)).toBe("dark");
      await expectNoSeriousA11yViolations(page);

      // Hold the request until "Sending..." has been seen, then let it through to the real server.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/contact", async (route) => {
        await held;
        await route.continue();
      });
      await sendButton(page).click();
      const sending = page.getByRole("button", { name: "Sending..." });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();
      release();

      const thanks = page.getByRole("heading", { name: "Thank you for reaching out!" });
      await expect(thanks).toBeVisible();
      await expect(thanks).toBeFocused();
      await expect(page.getByRole("form", { name: "Contact form" })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // SPEC §7: the values were written to the console before sending — the resume by name, never its content.
      await expect.poll(() => logged.length).toBe(1);
      expect(logged[0]).toEqual({
        firstName: journey.person.first,
        lastName: journey.person.last,
        email: journey.person.email,
        company: "company" in journey.person ? journey.person.company : "",
        dropdown: journey.reason,
        message: journey.message ?? "",
        resume: journey.resume?.name ?? null,
        "g-recaptcha-response": expect.stringMatching(/^\(captcha token, \d+ characters\)$/),
      });

      await page.getByRole("link", { name: "Return to Homepage" }).click();
      await expect(page).toHaveURL(/\/$/);

      // The browser lets go of its connections first, so the server can stop at once for the read-back.
      await page.context().close();
      const { row, resume } = await contact.readBack(async (db) => {
        const rows = (await db.submissions()).filter((r) => r.email === journey.person.email);
        expect(rows).toHaveLength(1);
        return { row: rows[0]!, resume: rows[0]!.resume ? await db.resume(rows[0]!.id) : undefined };
      });
      expect(row).toMatchObject({
        firstName: journey.person.first,
        lastName: journey.person.last,
        email: journey.person.email,
        company: "company" in journey.person ? journey.person.company : null,
        reason: journey.reason,
        message: journey.message ?? null,
        clientIp: "127.0.0.1",
        userAgent: expect.stringContaining("Chrome"),
      });
      if (journey.resume) {
        expect(row.resume).toMatchObject({
          originalName: journey.resume.name,
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          size: journey.resume.buffer.length,
          storedName: expect.stringMatching(/^[0-9a-f-]{36}\.docx$/),
        });
        expect(resume?.equals(journey.resume.buffer)).toBe(true);
      } else {
        expect(row.resume).toBeNull();
      }
    });
  }
});

test.describe("contact form states and messages", () => {
  test("the e-mail is checked on each change and on submit, and nothing is sent while invalid", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/contact");
    const email = field(page, /^Email/);
    await email.fill("ada@");
    const error = page.getByText("Please enter a valid email address.");
    await expect(error).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    await email.fill("ada@example.com");
    await expect(error).toHaveCount(0);

    await fillPerson(page, { first: "Ada", last: "Lovelace", email: "ada@example" });
    await solveCaptcha(page);
    await sendButton(page).click();
    await expect(error).toBeVisible();
    await expect(email).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    expect(posts).toEqual([]);
  });

  test("a missing captcha shows SPEC's alert and sends nothing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.goto("/contact");
    await fillPerson(page, { first: "Ada", last: "Lovelace", email: "ada@example.com" });
    await sendButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please complete the reCAPTCHA.");
    await expect.poll(() => dialogs).toEqual(["Please complete the reCAPTCHA."]);
    expect(posts).toEqual([]);
    await solveCaptcha(page);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("reason changes show and clear the message and the resume; the resume is checked", async ({
    page,
  }) => {
    await page.goto("/contact");
    await fillPerson(page, { first: "Grace", last: "Hopper", email: "grace@example.com" });
    await reasonSelect(page).selectOption("Careers");
    await field(page, /^Message/).fill("Hello");
    await solveCaptcha(page);

    await sendButton(page).click();
    await expect(page.getByText("Please attach your resume (.pdf, .doc or .docx).")).toBeVisible();
    await expect(field(page, /^Resume/)).toBeFocused();

    const upload = field(page, /^Resume/);
    await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Your resume must be a .pdf, .doc or .docx file.")).toBeVisible();
    await upload.setInputFiles({
      name: "huge.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([samplePdf(), Buffer.alloc(6 * 1024 * 1024)]),
    });
    await expect(page.getByText("Your resume must be 5 MB or smaller.")).toBeVisible();
    await upload.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await expect(page.getByText("Selected file: cv.pdf")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await reasonSelect(page).selectOption("Something else");
    await expect(field(page, /^Resume/)).toHaveCount(0);
    await expect(field(page, /^Message/)).toHaveValue("Hello");
    await reasonSelect(page).selectOption("Careers");
    await expect(page.getByText("Selected file:")).toHaveCount(0);
    await reasonSelect(page).selectOption("Find out more about Pulse");
    await expect(field(page, /^Message/)).toHaveCount(0);
    await reasonSelect(page).selectOption("Something else");
    await expect(field(page, /^Message/)).toHaveValue("");
  });

  test.describe(() => {
    // The browser logs every failed request; these tests make the submission fail on purpose.
    test.use(
      allowConsoleErrors(
        /^Failed to load resource: the server responded with a status of (400|500) /,
        /^Failed to load resource: net::ERR_FAILED$/,
      ),
    );

    test("the server's refusal of an executable named .pdf shows the error alert and keeps the form", async ({
      page,
      contact,
    }) => {
      await page.goto("/contact");
      await fillPerson(page, { first: "Mallory", last: "Evil", email: "mallory@example.com" });
      await reasonSelect(page).selectOption("Careers");
      await field(page, /^Message/).fill("Please run my resume.");
      await field(page, /^Resume/).setInputFiles({
        name: "resume.pdf",
        mimeType: "application/pdf",
        buffer: sampleElf(),
      });
      await solveCaptcha(page);
      await sendButton(page).click();

      const alert = page.getByRole("alert");
      await expect(alert).toHaveText("There was an error submitting the form. Please try again.");
      await expect(page.getByText("The resume's content is not a .pdf document.")).toBeVisible();
      await expect(field(page, /^First name/)).toHaveValue("Mallory");
      await expect(field(page, /^Message/)).toHaveValue("Please run my resume.");
      await expect(page.getByText("Selected file: resume.pdf")).toBeVisible();
      // The captcha was reset for the next attempt.
      await expect(page.locator("altcha-widget .altcha")).toHaveAttribute("data-state", "unverified");
      await expectNoSeriousA11yViolations(page);
      await page.context().close();
      const stored = await contact.readBack((db) => db.submissions());
      expect(stored.filter((r) => r.email === "mallory@example.com")).toEqual([]);
    });

    for (const failure of ["a server error (500)", "a network failure"] as const) {
      test(`${failure} shows the error alert and keeps everything typed`, async ({ page }) => {
        await page.route("**/api/contact", (route) =>
          failure === "a network failure"
            ? route.abort("failed")
            : route.fulfill({
                status: 500,
                contentType: "application/json",
                body: JSON.stringify({
                  error: { code: "internal_error", message: "Something went wrong on our side." },
                }),
              }),
        );
        await page.goto("/contact");
        await fillPerson(page, {
          first: "Alan",
          last: "Turing",
          email: "alan@example.com",
          company: "Bletchley",
        });
        await reasonSelect(page).selectOption("Careers");
        await field(page, /^Message/).fill("Enigma?");
        await field(page, /^Resume/).setInputFiles({
          name: "cv.pdf",
          mimeType: "application/pdf",
          buffer: samplePdf(),
        });
        await solveCaptcha(page);
        await sendButton(page).click();

        await expect(page.getByRole("alert")).toHaveText(
          "There was an error submitting the form. Please try again.",
        );
        await expect(field(page, /^First name/)).toHaveValue("Alan");
        await expect(field(page, /^Last name/)).toHaveValue("Turing");
        await expect(field(page, /^Email/)).toHaveValue("alan@example.com");
        await expect(field(page, /^Company/)).toHaveValue("Bletchley");
        await expect(reasonSelect(page)).toHaveValue("Careers");
        await expect(field(page, /^Message/)).toHaveValue("Enigma?");
        await expect(page.getByText("Selected file: cv.pdf")).toBeVisible();
        await expect(sendButton(page)).toBeEnabled();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });

  test("contact:list says clearly why it cannot read an embedded database a running server holds", async ({
    page,
    contact,
  }) => {
    await page.goto("/contact");
    const result = await contact.contactList(["--json"]);
    if (contact.engine === "pglite") {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("is locked by a running Pulse server");
      expect(result.stderr).toContain("stop the Pulse server that uses");
    } else {
      // On PostgreSQL the operator reads while the server runs.
      expect(result.code).toBe(0);
      expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
    }
  });
});
