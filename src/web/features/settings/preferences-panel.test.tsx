import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

const open = () => renderWeb(<SettingsPage />, { auth: signedInAs("ann@acme.com") });

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
      const names = screen.getAllByRole("option").map((o) => o.textContent);
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
});
