import {
  DEFAULT_COMMUNICATION_METHOD,
  DEFAULT_NOTIFICATION_FREQUENCY,
  DEFAULT_TIMEZONE,
  DEFAULT_WORK_HOURS,
  type CommunicationMethod,
  type NotificationFrequency,
  type Timezone,
} from "@/lib/communication-preferences";
import type { AdminRole } from "./constants";

/** SPEC §3 demo-only admin user. Dates are ISO strings; a user who never signed in has null. */
export interface AdminUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  created_at: string;
  last_sign_in_at: string | null;
}

/** The user a preference belongs to, as the preferences table shows it. */
export interface PreferenceProfile {
  first_name: string;
  last_name: string;
  email: string;
}

/** SPEC §3 demo-only communication preference. */
export interface CommunicationPreference {
  id: string;
  user_id: string;
  communication_method: CommunicationMethod;
  frequency: NotificationFrequency;
  work_hours_start: string;
  work_hours_end: string;
  timezone: Timezone;
  profile: PreferenceProfile;
}

/** Built-in demo users: at least one of every role (SPEC §6), nothing read from a server. */
export const DEMO_ADMIN_USERS: readonly AdminUser[] = [
  {
    id: "u-1",
    email: "ada.lovelace@acme.com",
    first_name: "Ada",
    last_name: "Lovelace",
    role: "admin",
    created_at: "2025-01-15T12:00:00Z",
    last_sign_in_at: "2025-06-02T12:00:00Z",
  },
  {
    id: "u-2",
    email: "grace.hopper@acme.com",
    first_name: "Grace",
    last_name: "Hopper",
    role: "project_manager",
    created_at: "2025-02-03T12:00:00Z",
    last_sign_in_at: "2025-06-01T12:00:00Z",
  },
  {
    id: "u-3",
    email: "alan.turing@acme.com",
    first_name: "Alan",
    last_name: "Turing",
    role: "team_lead",
    created_at: "2025-02-20T12:00:00Z",
    last_sign_in_at: "2025-05-28T12:00:00Z",
  },
  {
    id: "u-4",
    email: "katherine.johnson@acme.com",
    first_name: "Katherine",
    last_name: "Johnson",
    role: "member",
    created_at: "2025-03-11T12:00:00Z",
    last_sign_in_at: "2025-05-30T12:00:00Z",
  },
  {
    id: "u-5",
    email: "linus.pauling@acme.com",
    first_name: "Linus",
    last_name: "Pauling",
    role: "member",
    created_at: "2025-04-07T12:00:00Z",
    last_sign_in_at: null,
  },
  {
    id: "u-6",
    email: "margaret.hamilton@acme.com",
    first_name: "Margaret",
    last_name: "Hamilton",
    role: "project_manager",
    created_at: "2025-04-22T12:00:00Z",
    last_sign_in_at: "2025-06-03T12:00:00Z",
  },
];

const profileOf = (userId: string): PreferenceProfile => {
  const user = DEMO_ADMIN_USERS.find((u) => u.id === userId);
  if (!user) throw new Error(`No demo user ${userId}`);
  return { first_name: user.first_name, last_name: user.last_name, email: user.email };
};

const preference = (
  id: string,
  userId: string,
  changes: Partial<Omit<CommunicationPreference, "id" | "user_id" | "profile">> = {},
): CommunicationPreference => ({
  id,
  user_id: userId,
  communication_method: DEFAULT_COMMUNICATION_METHOD,
  frequency: DEFAULT_NOTIFICATION_FREQUENCY,
  work_hours_start: DEFAULT_WORK_HOURS.start,
  work_hours_end: DEFAULT_WORK_HOURS.end,
  timezone: DEFAULT_TIMEZONE,
  ...changes,
  profile: profileOf(userId),
});

/** Built-in demo preferences: every method once, the rest on SPEC §9's defaults or other allowed values. */
export const DEMO_PREFERENCES: readonly CommunicationPreference[] = [
  preference("p-1", "u-1"),
  preference("p-2", "u-2", { communication_method: "slack", frequency: "realtime", timezone: "EST" }),
  preference("p-3", "u-3", {
    communication_method: "imessage",
    frequency: "hourly",
    work_hours_start: "08:00",
    work_hours_end: "16:00",
    timezone: "PST",
  }),
  preference("p-4", "u-4", { communication_method: "whatsapp", frequency: "weekly", timezone: "GMT" }),
  preference("p-5", "u-6", {
    communication_method: "push",
    work_hours_start: "10:00",
    work_hours_end: "18:00",
    timezone: "CET",
  }),
];
