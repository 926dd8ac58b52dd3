import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useImperativeHandle } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../testing/render-web";
import type { CaptchaProps } from "./captcha/captcha-handle";
import ContactPage from "./contact-page";

const captchaResets = vi.fn();

// The real widgets need Web Workers or Google; here a stand-in yields a token when "solved".
vi.mock("./captcha/captcha-field", () => ({
  CaptchaField: ({ onToken, ref }: CaptchaProps) => {
    useImperativeHandle(ref, () => ({
      reset() {
        captchaResets();
        onToken("");
      },
    }));
    return (
      <button type="button" onClick={() => onToken("solved-captcha-token")}>
        Solve captcha
      </button>
    );
  },
}));

// The page loads the form, and the form its schema, as chunks of their own; loaded once here, so no test waits for a
// cold import (which can take longer than findBy's one second on a busy machine).
beforeAll(async () => {
  await import("./contact-form");
  await import("./contact-validation");
});

let fetchMock: ReturnType<typeof vi.fn>;
let info: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => Response.json({ ok: true }));
  vi.stubGlobal("fetch", fetchMock);
  info = vi.spyOn(console, "log").mockImplementation(() => undefined);
  captchaResets.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  info.mockRestore();
});

async function setup() {
  const user = userEvent.setup();
  renderWeb(<ContactPage />, { route: "/contact" });
  await screen.findByRole("form", { name: "Contact form" });
  return user;
}

const field = (name: string | RegExp) => screen.getByLabelText(name);

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^First name/), "Ada");
  await user.type(field(/^Last name/), "Lovelace");
  await user.type(field(/^Email/), "ada@example.com");
}

const pdf = (name = "Ada CV.pdf") => new File(["%PDF-1.4 resume"], name, { type: "application/pdf" });

describe("contact page", () => {
  it("has its title, a labelled field for everything, and the default reason", async () => {
    await setup();
    expect(document.title).toBe("Contact · Pulse");
    expect(screen.getByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    for (const [label, required] of [
      [/^First name/, true],
      [/^Last name/, true],
      [/^Email/, true],
      [/^Company/, false],
      [/^Reason for contact/, true],
    ] as const) {
      const control = field(label);
      if (required) expect(control).toBeRequired();
      else expect(control).not.toBeRequired();
    }
    // "(optional)" is shown but not announced: the field's name is exactly "Company".
    expect(screen.getByRole("textbox", { name: "Company" })).not.toBeRequired();
    const reason = screen.getByRole("combobox", { name: /Reason for contact/ });
    expect(reason).toHaveValue("Find out more about Pulse");
    expect(
      within(reason)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Find out more about Pulse", "Careers", "Something else"]);
    expect(screen.queryByLabelText(/^Message/)).toBeNull();
    expect(screen.queryByLabelText(/^Resume/)).toBeNull();
    expect(screen.getByRole("group", { name: /Verification/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("checks the e-mail on each change and links the message to the field", async () => {
    const user = await setup();
    const email = field(/^Email/);
    await user.type(email, "ada");
    const message = screen.getByText("Please enter a valid email address.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email.getAttribute("aria-describedby")).toBe(message.closest("p")!.id);
    await user.type(email, "@example.com");
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
    expect(email).not.toHaveAttribute("aria-invalid");
    await user.type(email, "{backspace}{backspace}{backspace}{backspace}");
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
  });

  it("re-checks on submit and sends nothing while something is missing", async () => {
    const user = await setup();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter your first name.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your last name.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please complete the reCAPTCHA.");
    // The focus moves in an effect after the errors have rendered, so it is awaited, not read at once.
    await waitFor(() => expect(field(/^First name/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    await fillRequired(user);
    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), "ada@example");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
    await waitFor(() => expect(field(/^Email/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("alerts 'Please complete the reCAPTCHA.' when only the captcha is missing, and clears it once solved", async () => {
    const user = await setup();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please complete the reCAPTCHA.");
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Please complete the reCAPTCHA."));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the message box for Careers and Something else, and the resume upload for Careers only", async () => {
    const user = await setup();
    const reason = screen.getByRole("combobox", { name: /Reason for contact/ });
    await user.selectOptions(reason, "Careers");
    expect(field(/^Message/)).toHaveAttribute("rows", "4");
    const upload = field(/^Resume/);
    expect(upload).toHaveAttribute("accept", ".pdf,.doc,.docx");
    await user.upload(upload, pdf());
    expect(screen.getByText("Ada CV.pdf")).toBeInTheDocument();
    await user.type(field(/^Message/), "I want to join.");

    // Away from Careers the resume is cleared; the message stays for Something else.
    await user.selectOptions(reason, "Something else");
    expect(screen.queryByLabelText(/^Resume/)).toBeNull();
    expect(field(/^Message/)).toHaveValue("I want to join.");
    await user.selectOptions(reason, "Careers");
    expect(screen.queryByText("Ada CV.pdf")).toBeNull();

    // The default reason clears the message.
    await user.selectOptions(reason, "Find out more about Pulse");
    expect(screen.queryByLabelText(/^Message/)).toBeNull();
    await user.selectOptions(reason, "Something else");
    expect(field(/^Message/)).toHaveValue("");
  });

  it("requires a .pdf, .doc or .docx resume for Careers", async () => {
    const user = await setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole("combobox", { name: /Reason for contact/ }), "Careers");
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please attach your resume (.pdf, .doc or .docx).")).toBeInTheDocument();
    await waitFor(() => expect(field(/^Resume/)).toHaveFocus());
    await userEvent.setup({ applyAccept: false }).upload(field(/^Resume/), new File(["x"], "cv.txt"));
    expect(screen.getByText("Your resume must be a .pdf, .doc or .docx file.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends SPEC's multipart fields, shows Sending... meanwhile, then the thank-you screen", async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = await setup();
    await fillRequired(user);
    await user.type(field(/^Company/), "Engines");
    await user.selectOptions(screen.getByRole("combobox", { name: /Reason for contact/ }), "Careers");
    await user.type(field(/^Message/), "Hire me");
    await user.upload(field(/^Resume/), pdf());
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/contact");
    expect(init.method).toBe("POST");
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual([
      "firstName",
      "lastName",
      "email",
      "company",
      "dropdown",
      "message",
      "resume",
      "g-recaptcha-response",
    ]);
    expect(body.get("dropdown")).toBe("Careers");
    expect((body.get("resume") as File).name).toBe("Ada CV.pdf");
    expect(body.get("g-recaptcha-response")).toBe("solved-captcha-token");

    // SPEC §7: the values go to the console first, the resume by name only.
    expect(info).toHaveBeenCalledOnce();
    const [label, logged] = info.mock.calls[0] as [string, string];
    expect(label).toBe("Contact form submission:");
    expect(JSON.parse(logged)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Engines",
      dropdown: "Careers",
      message: "Hire me",
      resume: "Ada CV.pdf",
      "g-recaptcha-response": "(captcha token, 20 characters)",
    });
    expect(JSON.stringify(info.mock.calls)).not.toContain("%PDF");

    await act(async () => answer(Response.json({ ok: true })));
    expect(await screen.findByRole("heading", { name: "Thank you for reaching out!" })).toHaveFocus();
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  });

  it.each([
    ["a server error", () => new Response("{}", { status: 500 })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("keeps everything typed and alerts on %s", async (_label, failure) => {
    fetchMock.mockImplementation(failure);
    const user = await setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole("combobox", { name: /Reason for contact/ }), "Something else");
    await user.type(field(/^Message/), "Still there?");
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an error submitting the form. Please try again.",
    );
    expect(field(/^First name/)).toHaveValue("Ada");
    expect(field(/^Last name/)).toHaveValue("Lovelace");
    expect(field(/^Email/)).toHaveValue("ada@example.com");
    expect(field(/^Message/)).toHaveValue("Still there?");
    expect(screen.getByRole("combobox", { name: /Reason for contact/ })).toHaveValue("Something else");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    // The used captcha answer is discarded; sending again asks for a new one.
    expect(captchaResets).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Please complete the reCAPTCHA."),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("adds the server's reason to the alert when it refuses the submission", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        { error: { code: "resume_invalid", message: "The resume's content is not a .pdf document." } },
        { status: 400 },
      ),
    );
    const user = await setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole("combobox", { name: /Reason for contact/ }), "Careers");
    await user.upload(field(/^Resume/), pdf("fake.pdf"));
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/^There was an error submitting the form\. Please try again\.$/);
    expect(screen.getByText("The resume's content is not a .pdf document.")).toBeInTheDocument();
    // SPEC §8 calls it an alert: the browser's dialog says the same sentence.
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith("There was an error submitting the form. Please try again."),
    );
    expect(screen.getByText("fake.pdf")).toBeInTheDocument();
  });
});
