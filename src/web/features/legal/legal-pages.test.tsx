import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setPublicConfigForTests } from "@/lib/public-config";
import { renderWeb } from "../../../testing/render-web";
import PrivacyPage from "./privacy-page";
import TermsPage from "./terms-page";

const h2Names = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

describe("legal pages", () => {
  it("Terms of Service: title, May 2025 dates, back-to-home link and the eleven sections in order", () => {
    renderWeb(<TermsPage />, { route: "/terms" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Terms of Service");
    expect(document.title).toBe("Terms of Service · Pulse");
    expect(screen.getByText(/^Effective date:/)).toHaveTextContent("Effective date: May 2025");
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent("Last updated: May 2025");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(h2Names()).toEqual([
      "Eligibility",
      "Account Registration",
      "Third-Party Integrations",
      "Intellectual Property",
      "Payments",
      "Termination",
      "Disclaimer",
      "Limitation of Liability",
      "Governing Law",
      "Changes",
      "Contact",
    ]);
    expect(screen.getByRole("region", { name: "Governing Law" })).toHaveTextContent(
      /laws of the State of California.*courts located in Los Angeles County/,
    );
  });

  it("Privacy Policy: the eight sections, the privacy address and the Google services", () => {
    renderWeb(<PrivacyPage />, { route: "/privacy" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Privacy Policy");
    expect(h2Names()).toEqual([
      "Information We Collect",
      "How We Use Information",
      "Sharing",
      "Data Retention",
      "Your Rights",
      "Security",
      "Changes",
      "Contact",
    ]);
    expect(screen.getByRole("region", { name: "Data Retention" })).toHaveTextContent(
      "ask us to delete your personal information at any time by e-mailing privacy@pulse.ai",
    );
    expect(document.body).toHaveTextContent(
      "Google services such as meeting transcripts and calendar events",
    );
  });

  describe("with the operator's addresses configured (LEGAL_EMAIL, PRIVACY_EMAIL)", () => {
    afterEach(() => setPublicConfigForTests(undefined));
    const configure = () =>
      setPublicConfigForTests({
        companyDomain: "acme.com",
        captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
        legal: { legalEmail: "counsel@acme.com", privacyEmail: "dpo@acme.com" },
      });

    it("the Terms send questions to the configured legal address", () => {
      configure();
      renderWeb(<TermsPage />, { route: "/terms" });
      const links = screen.getAllByRole("link", { name: "counsel@acme.com" });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toHaveAttribute("href", "mailto:counsel@acme.com");
      expect(document.body).not.toHaveTextContent("legal@pulse.ai");
    });

    it("the Privacy Policy sends requests to the configured privacy address", () => {
      configure();
      renderWeb(<PrivacyPage />, { route: "/privacy" });
      expect(screen.getByRole("region", { name: "Data Retention" })).toHaveTextContent(
        "by e-mailing dpo@acme.com",
      );
      expect(document.body).not.toHaveTextContent("privacy@pulse.ai");
    });
  });
});
