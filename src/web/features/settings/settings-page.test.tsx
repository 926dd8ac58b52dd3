import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import SettingsPage from "./settings-page";

// The Connectors tab's own behaviour is connectors-tab.test.tsx's; here its module stands in, and its first two
// fetches fail, so that what is tested is how the page fetches it.
let fetches = 0;
vi.mock("./connectors-tab", () => {
  fetches++;
  if (fetches <= 2) throw new TypeError("Failed to fetch dynamically imported module");
  return { ConnectorsTabInScope: () => <p>The connectors</p> };
});

const openSettings = () =>
  renderWeb(<SettingsPage />, { route: "/settings", auth: signedInAs("ada@acme.com") });

// The page's module keeps the tab's code once fetched, so the tests run in this order.
describe("Settings page: the Connectors tab's code, fetched on demand", () => {
  it("is fetched once the page is shown; a failed fetch says so when the tab opens, and Try again fetches again", async () => {
    openSettings();
    expect(screen.getByRole("tabpanel", { name: "User Preferences" })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetches).toBe(1));
    await userEvent.click(screen.getByRole("tab", { name: "Connectors" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The connectors could not be loaded. Please check your connection and try again.",
    );
    expect(fetches).toBe(2);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("The connectors")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("once fetched, the tab shows at once when opened, with no loading state", async () => {
    openSettings();
    await userEvent.click(screen.getByRole("tab", { name: "Connectors" }));
    expect(screen.getByText("The connectors")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(fetches).toBe(3);
  });
});
