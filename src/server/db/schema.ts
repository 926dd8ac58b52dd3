/**
 * Drizzle's view of the tables created by the SQL migrations in ./migrations (the migrations are the source of
 * truth; src/server/db/migrations.test.ts checks that both agree on every column).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const authSchema = pgSchema("auth");
export const pulseSchema = pgSchema("pulse");

export const users = authSchema.table("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  emailVerified: boolean("email_verified").notNull().default(false),
  name: text("name"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  lastSignInAt: ts("last_sign_in_at"),
});

export const identities = authSchema.table("identities", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  provider: text("provider").notNull(),
  providerSubject: text("provider_subject").notNull(),
  email: text("email").notNull(),
  hostedDomain: text("hosted_domain"),
  refreshTokenEncrypted: text("refresh_token_encrypted"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const sessions = authSchema.table("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  lastActiveAt: ts("last_active_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  revokedReason: text("revoked_reason"),
  userAgent: text("user_agent"),
  ip: text("ip"),
  googleCheckedAt: ts("google_checked_at").notNull().defaultNow(),
  /** 0009: the fingerprint of the JWT_SECRET the session was created under (null: from before 0009). */
  keyId: text("key_id"),
});

export const refreshTokens = authSchema.table("refresh_tokens", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  sessionId: uuid("session_id").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  parentId: bigint("parent_id", { mode: "number" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  rotatedAt: ts("rotated_at"),
});

export const signInFlows = authSchema.table("sign_in_flows", {
  id: uuid("id").primaryKey().defaultRandom(),
  stateHash: text("state_hash").notNull().unique(),
  secretsEncrypted: text("secrets_encrypted").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  redirectTo: text("redirect_to").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
});

export const oneTimeCodes = authSchema.table("one_time_codes", {
  id: uuid("id").primaryKey().defaultRandom(),
  codeHash: text("code_hash").notNull().unique(),
  userId: uuid("user_id").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
});

export const userProfiles = pulseSchema.table("user_profiles", {
  userId: uuid("user_id").primaryKey(),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const connectors = pulseSchema.table(
  "connectors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    type: text("type").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // 0001: one row per user and type, the target of every upsert (PUT /api/connectors/:type, connector.updated).
  (t) => [unique("connectors_user_id_type_key").on(t.userId, t.type)],
);

export const userIdentities = pulseSchema.table(
  "user_identities",
  {
    userId: uuid("user_id").notNull(),
    provider: text("provider").notNull(),
    providerProjectList: jsonb("provider_project_list")
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const projectSyncPreferences = pulseSchema.table(
  "project_sync_preferences",
  {
    userId: uuid("user_id").notNull(),
    provider: text("provider").notNull(),
    syncAll: boolean("sync_all").notNull().default(true),
    selectedProjectIds: text("selected_project_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const projectAliases = pulseSchema.table(
  "project_aliases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rawName: text("raw_name").notNull().default(""),
    sourceApp: text("source_app").notNull(),
    externalId: text("external_id").notNull(),
    discoveredAt: ts("discovered_at").notNull().defaultNow(),
    projectId: uuid("project_id"),
    // 0008: reported without a user, so every company user sees it; otherwise only its projectAliasViewers do.
    companyWide: boolean("company_wide").notNull().default(true),
    // 0010 (issue 38): the Stream the resolver put it in, why, and what it kept of the item to compare it again.
    streamId: uuid("stream_id").notNull(),
    participants: text("participants")
      .array()
      .notNull()
      .default(sql`'{}'`),
    context: text("context"),
    reason: text("reason").notNull().default(""),
    signature: jsonb("signature"),
    plainName: text("plain_name").notNull().default(""),
    nameRank: doublePrecision("name_rank").notNull().default(0),
  },
  // 0005: external ids are unique per source app.
  (t) => [unique("project_aliases_source_app_external_id_key").on(t.sourceApp, t.externalId)],
);

/** The users whose connected accounts reported an alias (0008_stream_visibility.sql); raw_name is the alias's. */
export const projectAliasViewers = pulseSchema.table(
  "project_alias_viewers",
  {
    aliasId: uuid("alias_id").notNull(),
    userId: uuid("user_id").notNull(),
    rawName: text("raw_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.userId] })],
);

export const projects = pulseSchema.table("projects", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description"),
  createdAt: ts("created_at").notNull().defaultNow(),
  // 0005: one PulseMap per candidate.
  aliasId: uuid("alias_id").unique("projects_alias_id_key"),
  createdBy: uuid("created_by"),
});

/** Resolved groups of discovered items (0010_streams_resolved.sql); a Stream with a project_id is that PulseMap's. */
export const streams = pulseSchema.table("streams", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: ts("created_at").notNull().defaultNow(),
  projectId: uuid("project_id"),
  name: text("name").notNull().default(""),
});

/** The blocking keys a Stream is found by (0010). */
export const streamKeys = pulseSchema.table(
  "stream_keys",
  {
    key: text("key").notNull(),
    streamId: uuid("stream_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.streamId] })],
);

/** "Not this project" corrections, audited and undoable (0010). */
export const streamCorrections = pulseSchema.table("stream_corrections", {
  id: uuid("id").primaryKey().defaultRandom(),
  itemId: uuid("item_id").notNull(),
  fromStreamId: uuid("from_stream_id"),
  fromReason: text("from_reason").notNull().default(""),
  createdBy: uuid("created_by"),
  createdAt: ts("created_at").notNull().defaultNow(),
  undoneAt: ts("undone_at"),
  undoneBy: uuid("undone_by"),
});

/** The item pairs a correction took apart (0010). */
export const streamCannotLink = pulseSchema.table(
  "stream_cannot_link",
  {
    correctionId: uuid("correction_id").notNull(),
    itemId: uuid("item_id").notNull(),
    otherId: uuid("other_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.otherId] })],
);

export const projectCandidatesGrouped = pulseSchema
  .view("v_project_candidates_grouped", {
    rawName: text("raw_name").notNull(),
    aliasCount: integer("alias_count").notNull(),
    sourceApps: text("source_apps").array().notNull(),
    aliasId: uuid("alias_id").notNull(),
  })
  .existing();

export const contactSubmissions = pulseSchema.table("contact_submissions", {
  id: uuid("id").primaryKey().defaultRandom(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  company: text("company"),
  reason: text("reason").notNull(),
  message: text("message"),
  resumeOriginalName: text("resume_original_name"),
  resumeStoredName: text("resume_stored_name"),
  resumeType: text("resume_type"),
  resumeSize: integer("resume_size"),
  resumeBytes: bytea("resume_bytes"),
  clientIp: text("client_ip"),
  userAgent: text("user_agent"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Captcha tokens already accepted (0003_captcha.sql): each is usable once, across all instances. */
export const captchaUsedTokens = pulseSchema.table("captcha_used_tokens", {
  tokenId: text("token_id").primaryKey(),
  provider: text("provider").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at").notNull().defaultNow(),
});

/** Counted requests of rate-limited endpoints (0003_captcha.sql). */
export const rateLimitHits = pulseSchema.table("rate_limit_hits", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  bucket: text("bucket").notNull(),
  hitAt: ts("hit_at").notNull().defaultNow(),
});

/** Workflow events already handled, by `webhook-id` (0005_streams_workflow_events.sql). */
export const workflowEventIds = pulseSchema.table("workflow_event_ids", {
  webhookId: text("webhook_id").primaryKey(),
  eventType: text("event_type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

export const schema = {
  users,
  identities,
  sessions,
  refreshTokens,
  signInFlows,
  oneTimeCodes,
  userProfiles,
  connectors,
  userIdentities,
  projectSyncPreferences,
  projectAliases,
  projectAliasViewers,
  projects,
  projectCandidatesGrouped,
  streams,
  streamKeys,
  streamCorrections,
  streamCannotLink,
  contactSubmissions,
  captchaUsedTokens,
  rateLimitHits,
  workflowEventIds,
};
