import { describe, expect, it } from "vitest";
import { ALL, filterPreferences, filterUsers, matchesSearch } from "./admin-filters";
import { DEMO_ADMIN_USERS, DEMO_PREFERENCES } from "./demo-data";

const person = { first_name: "Grace", last_name: "Hopper", email: "grace.hopper@acme.com" };
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe("matchesSearch", () => {
  it("matches first name, last name or e-mail, in any letter case", () => {
    expect(matchesSearch(person, "grace")).toBe(true);
    expect(matchesSearch(person, "HOPP")).toBe(true);
    expect(matchesSearch(person, "Grace.Hopper@ACME")).toBe(true);
    expect(matchesSearch(person, "turing")).toBe(false);
  });

  it("a blank search matches everyone; surrounding spaces are ignored", () => {
    expect(matchesSearch(person, "")).toBe(true);
    expect(matchesSearch(person, "   ")).toBe(true);
    expect(matchesSearch(person, "  hopper ")).toBe(true);
  });

  it("does not match across fields (first and last name together)", () => {
    expect(matchesSearch(person, "grace hopper")).toBe(false);
  });
});

describe("filterUsers", () => {
  it("all roles and no search: every demo user, in order", () => {
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "", ALL))).toEqual(ids(DEMO_ADMIN_USERS));
  });

  it("a role alone", () => {
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "", "member"))).toEqual(["u-4", "u-5"]);
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "", "admin"))).toEqual(["u-1"]);
  });

  it("search and role together: both must match", () => {
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "HAMILTON", "project_manager"))).toEqual(["u-6"]);
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "hamilton", "member"))).toEqual([]);
    expect(ids(filterUsers(DEMO_ADMIN_USERS, "acme.com", "team_lead"))).toEqual(["u-3"]);
  });

  it("nothing matches: empty", () => {
    expect(filterUsers(DEMO_ADMIN_USERS, "nobody", ALL)).toEqual([]);
  });
});

describe("filterPreferences", () => {
  it("all methods and no search: every demo preference", () => {
    expect(ids(filterPreferences(DEMO_PREFERENCES, "", ALL))).toEqual(ids(DEMO_PREFERENCES));
  });

  it("a method alone", () => {
    expect(ids(filterPreferences(DEMO_PREFERENCES, "", "slack"))).toEqual(["p-2"]);
  });

  it("search (on the preference's user) and method together", () => {
    expect(ids(filterPreferences(DEMO_PREFERENCES, "TURING", "imessage"))).toEqual(["p-3"]);
    expect(ids(filterPreferences(DEMO_PREFERENCES, "turing", "email"))).toEqual([]);
    expect(ids(filterPreferences(DEMO_PREFERENCES, "ada", ALL))).toEqual(["p-1"]);
  });
});

describe("demo data", () => {
  it("has at least one user of each role and one preference of each method", () => {
    expect(new Set(DEMO_ADMIN_USERS.map((u) => u.role))).toEqual(
      new Set(["admin", "project_manager", "team_lead", "member"]),
    );
    expect(new Set(DEMO_PREFERENCES.map((p) => p.communication_method))).toEqual(
      new Set(["imessage", "whatsapp", "slack", "email", "push"]),
    );
  });
});
