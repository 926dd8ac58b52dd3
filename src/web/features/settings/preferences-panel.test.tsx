import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Link, Outlet } from "@/lib/router";
import { toast } from "@/lib/toast";
import { chooseOption } from "../../../testing/choose-option";
import { stubFetch } from "../../../testing/fake-fetch";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import SettingsPage from "./settings-page";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("@/lib/realtime", () => ({ useRealtimeChannel: () => "joined" }));

let user: ReturnType<typeof userEvent.setup>;
let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  api = stubFetch();
  user = userEvent.setup();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The panel keeps its choices for the life of the browser page, i.e. of this test file's module: each test signs in
 * its own user, which starts from the defaults.
 */
let userNo = 0;
function freshUser(email = "ann@acme.com") {
  const auth = signedInAs(email);
  const person = { ...auth.user!, id: `00000000-0000-4000-8000-${String(++userNo).padStart(12, "0")}` };
  return { ...auth, user: person, session: { ...auth.session!, user: person } };
}
const open = () => renderWeb(<SettingsPage />, { auth: freshUser() });

/** Changes every preference away from its default. */
async function changeAll() {
  await chooseOption(user, "Communication Method", "WhatsApp");
  await chooseOption(user, "Frequency", "Hourly");
  await chooseOption(user, "Time Zone", "PST");
  fireEvent.change(screen.getByLabelText("Start Time"), { target: { value: "07:45" } });
  fireEvent.change(screen.getByLabelText("End Time"), { target: { value: "16:15" } });
  await user.upload(screen.getByLabelText("Profile photo"), new File(["x"], "me.png", { type: "image/png" }));
}

function expectChanged() {
  expect(screen.getByRole("combobox", { name: "Communication Method" })).toHaveTextContent("WhatsApp");
  expect(screen.getByRole("combobox", { name: "Frequency" })).toHaveTextContent("Hourly");
  expect(screen.getByRole("combobox", { name: "Time Zone" })).toHaveTextContent("PST");
  expect(screen.getByLabelText("Start Time")).toHaveValue("07:45");
  expect(screen.getByLabelText("End Time")).toHaveValue("16:15");
  expect(screen.getByText("me.png")).toBeInTheDocument();
}

function expectDefaults() {
  expect(screen.getByRole("combobox", { name: "Communication Method" })).toHaveTextContent("Email");
  expect(screen.getByRole("combobox", { name: "Frequency" })).toHaveTextContent("Daily");
  expect(screen.getByRole("combobox", { name: "Time Zone" })).toHaveTextContent("UTC");
  expect(screen.getByLabelText("Start Time")).toHaveValue("09:00");
  expect(screen.getByLabelText("End Time")).toHaveValue("17:00");
}

describe("Settings page", () => {
  it("has the two tabs with User Preferences chosen, and titles the document", () => {
    open();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "User Preferences" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Connectors" })).toHaveAttribute("aria-selected", "false");
    expect(document.title).toBe("Settings · Pulse");
  });
});

describe("Preferences panel", () => {
  it("shows the three cards with SPEC's defaults: email, daily, 09:00–17:00, UTC", () => {
    open();
    for (const title of ["Communication Preferences", "Work Hours", "Profile Photo"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("combobox", { name: "Communication Method" })).toHaveTextContent("Email");
    expect(screen.getByRole("combobox", { name: "Frequency" })).toHaveTextContent("Daily");
    expect(screen.getByLabelText("Start Time")).toHaveValue("09:00");
    expect(screen.getByLabelText("End Time")).toHaveValue("17:00");
    expect(screen.getByRole("combobox", { name: "Time Zone" })).toHaveTextContent("UTC");
  });

  it("offers exactly SPEC's methods, frequencies and time zones", async () => {
    open();
    const optionsOf = async (name: string) => {
      await user.click(screen.getByRole("combobox", { name }));
      const names = (await screen.findAllByRole("option")).map((o) => o.textContent);
      await user.keyboard("{Escape}");
      return names;
    };
    expect(await optionsOf("Communication Method")).toEqual([
      "iMessage",
      "WhatsApp",
      "Slack",
      "Email",
      "Push notification",
    ]);
    expect(await optionsOf("Frequency")).toEqual(["Real-time", "Hourly", "Daily", "Weekly"]);
    expect(await optionsOf("Time Zone")).toEqual(["UTC", "EST", "PST", "GMT", "CET"]);
  });

  it("Save Preferences keeps the choices, toasts SPEC's words and sends nothing", async () => {
    open();
    await chooseOption(user, "Communication Method", "Slack");
    await chooseOption(user, "Frequency", "Weekly");
    await chooseOption(user, "Time Zone", "CET");
    fireEvent.change(screen.getByLabelText("Start Time"), { target: { value: "08:30" } });
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Preferences Saved", {
      description: "Your preferences have been updated successfully.",
    });
    expect(screen.getByRole("combobox", { name: "Communication Method" })).toHaveTextContent("Slack");
    expect(screen.getByRole("combobox", { name: "Frequency" })).toHaveTextContent("Weekly");
    expect(screen.getByRole("combobox", { name: "Time Zone" })).toHaveTextContent("CET");
    expect(screen.getByLabelText("Start Time")).toHaveValue("08:30");
    expect(api.calls).toEqual([]);
  });

  it.each([
    ["a PNG", "me.png", "image/png"],
    ["an SVG", "me.svg", "image/svg+xml"],
    ["a WebP", "me.webp", "image/webp"],
  ])("any image type: %s is taken with the Photo Selected toast", async (_, name, type) => {
    open();
    await user.upload(screen.getByLabelText("Profile photo"), new File(["x"], name, { type }));
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Photo Selected", {
      description: "Profile photo updated.",
    });
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("a file that is not an image is refused with a message and no toast", async () => {
    open();
    const input = screen.getByLabelText("Profile photo");
    // The picker filters by accept="image/*"; a drop or a changed filter can still hand over another type.
    expect(input).toHaveAttribute("accept", "image/*");
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(["x"], "cv.pdf", { type: "application/pdf" }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByText("Choose an image file.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps every choice, saved or not, across a switch to Connectors and back", async () => {
    api.routes["GET /api/connectors"] = () => ({ body: { connectors: [] } });
    open();
    await changeAll();
    await user.click(screen.getByRole("tab", { name: "Connectors" }));
    await screen.findByRole("list", { name: "Connectors" });
    expect(screen.queryByRole("form", { name: "User Preferences" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "User Preferences" }));
    expectChanged();
    expect(api.calls.map((c) => c.method)).not.toContain("POST");
  });

  it("keeps them while the page is open: away from /settings and back; another user starts from the defaults", async () => {
    const Shell = () => (
      <>
        <nav>
          <Link to="/settings">Settings</Link>
          <Link to="/dashboard">Dashboard</Link>
        </nav>
        <Outlet />
      </>
    );
    const routes = [
      {
        element: <Shell />,
        children: [
          { path: "/settings", element: <SettingsPage /> },
          { path: "/dashboard", element: <p>Dashboard page</p> },
        ],
      },
    ];
    const ann = freshUser();
    const first = renderWeb(routes, { route: "/settings", auth: ann });
    await changeAll();
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "User Preferences" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Settings" }));
    expectChanged();
    first.unmount();

    renderWeb(routes, { route: "/settings", auth: freshUser("bob@acme.com") });
    expectDefaults();
  });
});
