/**
 * Everything Pulse holds about one person, found by e-mail address, exported or erased (issue 37 item 12; the
 * Privacy Policy's retention and deletion promises; docs/decisions/0097-personal-data.md). An address can name more
 * than one account (the match ignores case, as sign-in and sessions:revoke do) and contact submissions from
 * someone who never signed in; both are covered.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../db/client";

/** What ends a deleted person's sessions (auth.sessions.revoked_reason). */
export const USER_DELETED = "user_deleted";

type Runner = Pick<Orm, "execute">;
/** A transaction of `db.orm`, as a hook running inside the erasure's receives it. */
export type Transaction = Parameters<Parameters<Orm["transaction"]>[0]>[0];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  accounts: AccountExport[];
  /** Discovered items (anyone's) that name the address among their participants. */
  mentions: { aliasId: string; rawName: string; sourceApp: string; discoveredAt: string }[];
  contactSubmissions: ContactSubmissionExport[];
}

export interface AccountExport {
  profile: {
    id: string;
    email: string;
    emailVerified: boolean;
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    createdAt: string;
    lastSignInAt: string | null;
  };
  /** The sessions' metadata; their tokens are stored only as hashes and are left out. */
  sessions: {
    id: string;
    createdAt: string;
    lastActiveAt: string;
    expiresAt: string;
    endedAt: string | null;
    endedBecause: string | null;
    userAgent: string | null;
    ip: string | null;
  }[];
  /** The Google accounts signed in with; a stored Google refresh token is named, never given. */
  identities: {
    provider: string;
    subject: string;
    email: string;
    hostedDomain: string | null;
    holdsRefreshToken: boolean;
    createdAt: string;
    updatedAt: string;
  }[];
  connectors: { type: string; isActive: boolean; createdAt: string; updatedAt: string }[];
  /** pulse.user_identities: the projects a connected tool listed for the person. */
  connectedProjects: { provider: string; projects: unknown; updatedAt: string }[];
  syncPreferences: { provider: string; syncAll: boolean; selectedProjectIds: string[]; updatedAt: string }[];
  /** Items the person's connected accounts reported (Streams). */
  discoveries: {
    aliasId: string;
    rawName: string;
    sourceApp: string;
    externalId: string;
    discoveredAt: string;
    participants: string[];
    context: string | null;
    pulseMapId: string | null;
  }[];
  pulseMapsCreated: { id: string; name: string; description: string | null; createdAt: string }[];
  /** "Not this project" corrections the person made or undid (the company keeps them, without the name). */
  streamCorrections: { itemId: string; madeAt: string | null; undoneAt: string | null }[];
}

export interface ContactSubmissionExport {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  reason: string;
  message: string | null;
  /** The résumé's bytes stay out of the export; `npm run contact:list -- --resume <id> --out <file>` writes them. */
  resume: { originalName: string; type: string; size: number } | null;
  clientIp: string | null;
  userAgent: string | null;
}

async function accountIds(tx: Runner, email: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`SELECT id FROM auth.users WHERE lower(email) = lower(${email.trim()}) ORDER BY created_at, id`,
  );
  return rows.map((row) => row.id);
}

async function contactSubmissionsOf(tx: Runner, email: string): Promise<ContactSubmissionExport[]> {
  const rows = await rowsOf<{
    id: string;
    created_at: string;
    first_name: string;
    last_name: string;
    email: string;
    company: string | null;
    reason: string;
    message: string | null;
    resume_original_name: string | null;
    resume_type: string | null;
    resume_size: number | null;
    client_ip: string | null;
    user_agent: string | null;
  }>(
    tx,
    sql`SELECT id, created_at, first_name, last_name, email, company, reason, message, resume_original_name,
               resume_type, resume_size, client_ip, user_agent
          FROM pulse.contact_submissions WHERE lower(email) = lower(${email.trim()})
         ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: iso(r.created_at)!,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    company: r.company,
    reason: r.reason,
    message: r.message,
    resume:
      r.resume_original_name === null
        ? null
        : { originalName: r.resume_original_name, type: r.resume_type ?? "", size: r.resume_size ?? 0 },
    clientIp: r.client_ip,
    userAgent: r.user_agent,
  }));
}

async function accountOf(tx: Runner, userId: string): Promise<AccountExport> {
  const [user] = await rowsOf<{
    id: string;
    email: string;
    email_verified: boolean;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
    created_at: string;
    last_sign_in_at: string | null;
  }>(
    tx,
    sql`SELECT u.id, u.email, u.email_verified, u.name, p.first_name, p.last_name, u.created_at, u.last_sign_in_at
          FROM auth.users u LEFT JOIN pulse.user_profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );
  const sessions = await rowsOf<{
    id: string;
    created_at: string;
    last_active_at: string;
    expires_at: string;
    revoked_at: string | null;
    revoked_reason: string | null;
    user_agent: string | null;
    ip: string | null;
  }>(
    tx,
    sql`SELECT id, created_at, last_active_at, expires_at, revoked_at, revoked_reason, user_agent, ip
          FROM auth.sessions WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  const identities = await rowsOf<{
    provider: string;
    provider_subject: string;
    email: string;
    hosted_domain: string | null;
    holds_refresh_token: boolean;
    created_at: string;
    updated_at: string;
  }>(
    tx,
    sql`SELECT provider, provider_subject, email, hosted_domain, refresh_token_encrypted IS NOT NULL AS holds_refresh_token,
               created_at, updated_at
          FROM auth.identities WHERE user_id = ${userId} ORDER BY created_at, provider`,
  );
  const connectors = await rowsOf<{
    type: string;
    is_active: boolean;
    created_at: string;
    updated_at: string;
  }>(
    tx,
    sql`SELECT type, is_active, created_at, updated_at FROM pulse.connectors WHERE user_id = ${userId} ORDER BY type`,
  );
  const projects = await rowsOf<{ provider: string; provider_project_list: unknown; updated_at: string }>(
    tx,
    sql`SELECT provider, provider_project_list, updated_at FROM pulse.user_identities
         WHERE user_id = ${userId} ORDER BY provider`,
  );
  const preferences = await rowsOf<{
    provider: string;
    sync_all: boolean;
    selected_project_ids: string[];
    updated_at: string;
  }>(
    tx,
    sql`SELECT provider, sync_all, selected_project_ids, updated_at FROM pulse.project_sync_preferences
         WHERE user_id = ${userId} ORDER BY provider`,
  );
  const discoveries = await rowsOf<{
    id: string;
    raw_name: string;
    source_app: string;
    external_id: string;
    discovered_at: string;
    participants: string[];
    context: string | null;
    project_id: string | null;
  }>(
    tx,
    sql`SELECT a.id, a.raw_name, a.source_app, a.external_id, a.discovered_at, a.participants, a.context, a.project_id
          FROM pulse.project_alias_viewers v JOIN pulse.project_aliases a ON a.id = v.alias_id
         WHERE v.user_id = ${userId} ORDER BY a.discovered_at, a.id`,
  );
  const pulseMaps = await rowsOf<{
    id: string;
    name: string;
    description: string | null;
    created_at: string;
  }>(
    tx,
    sql`SELECT id, name, description, created_at FROM pulse.projects WHERE created_by = ${userId}
         ORDER BY created_at, id`,
  );
  const corrections = await rowsOf<{
    item_id: string;
    created_by: string | null;
    created_at: string;
    undone_at: string | null;
  }>(
    tx,
    sql`SELECT item_id, created_by, created_at, undone_at FROM pulse.stream_corrections
         WHERE created_by = ${userId} OR undone_by = ${userId} ORDER BY created_at, id`,
  );
  return {
    profile: {
      id: user!.id,
      email: user!.email,
      emailVerified: user!.email_verified,
      name: user!.name,
      firstName: user!.first_name,
      lastName: user!.last_name,
      createdAt: iso(user!.created_at)!,
      lastSignInAt: iso(user!.last_sign_in_at),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at)!,
      lastActiveAt: iso(s.last_active_at)!,
      expiresAt: iso(s.expires_at)!,
      endedAt: iso(s.revoked_at),
      endedBecause: s.revoked_reason,
      userAgent: s.user_agent,
      ip: s.ip,
    })),
    identities: identities.map((i) => ({
      provider: i.provider,
      subject: i.provider_subject,
      email: i.email,
      hostedDomain: i.hosted_domain,
      holdsRefreshToken: i.holds_refresh_token,
      createdAt: iso(i.created_at)!,
      updatedAt: iso(i.updated_at)!,
    })),
    connectors: connectors.map((c) => ({
      type: c.type,
      isActive: c.is_active,
      createdAt: iso(c.created_at)!,
      updatedAt: iso(c.updated_at)!,
    })),
    connectedProjects: projects.map((p) => ({
      provider: p.provider,
      // Stored as JSON, or (SPEC §3) as a JSON string inside it.
      projects: p.provider_project_list,
      updatedAt: iso(p.updated_at)!,
    })),
    syncPreferences: preferences.map((p) => ({
      provider: p.provider,
      syncAll: p.sync_all,
      selectedProjectIds: p.selected_project_ids,
      updatedAt: iso(p.updated_at)!,
    })),
    discoveries: discoveries.map((d) => ({
      aliasId: d.id,
      rawName: d.raw_name,
      sourceApp: d.source_app,
      externalId: d.external_id,
      discoveredAt: iso(d.discovered_at)!,
      participants: d.participants,
      context: d.context,
      pulseMapId: d.project_id,
    })),
    pulseMapsCreated: pulseMaps.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      createdAt: iso(p.created_at)!,
    })),
    streamCorrections: corrections.map((c) => ({
      itemId: c.item_id,
      madeAt: c.created_by === userId ? iso(c.created_at) : null,
      undoneAt: iso(c.undone_at),
    })),
  };
}

async function mentionsOf(tx: Runner, email: string): Promise<PersonalDataExport["mentions"]> {
  const rows = await rowsOf<{ id: string; raw_name: string; source_app: string; discovered_at: string }>(
    tx,
    sql`SELECT id, raw_name, source_app, discovered_at FROM pulse.project_aliases
         WHERE lower(${email.trim()}) = ANY(participants) ORDER BY discovered_at, id`,
  );
  return rows.map((r) => ({
    aliasId: r.id,
    rawName: r.raw_name,
    sourceApp: r.source_app,
    discoveredAt: iso(r.discovered_at)!,
  }));
}

/** Everything held about `email`, read in one transaction so the parts agree with each other. */
export async function exportPersonalData(
  db: Database,
  email: string,
  now: Date = new Date(),
): Promise<PersonalDataExport> {
  return db.orm.transaction(async (tx) => {
    const accounts: AccountExport[] = [];
    for (const id of await accountIds(tx, email)) accounts.push(await accountOf(tx, id));
    return {
      email: email.trim(),
      exportedAt: now.toISOString(),
      accounts,
      mentions: await mentionsOf(tx, email),
      contactSubmissions: await contactSubmissionsOf(tx, email),
    };
  });
}

export interface DeletionResult {
  accounts: number;
  sessionsEnded: number;
  connectors: number;
  discoveriesForgotten: number;
  discoveriesRemoved: number;
  /** Discovered items that named the address among their participants, which no longer do. */
  mentionsRemoved: number;
  pulseMapsKept: number;
  contactSubmissions: number;
  resumes: number;
}

const countOf = async (tx: Runner, query: ReturnType<typeof sql>): Promise<number> =>
  (await rowsOf<{ n: number }>(tx, query))[0]?.n ?? 0;

/**
 * Removes everything held about `email` in one transaction: all of it or, on any failure, none of it.
 *
 * - The person's live sessions end first, through the same UPDATE as sessions:revoke: migration 0007's trigger
 *   notifies the user's id when the transaction commits, and every instance drops its cached sessions and closes
 *   the person's sockets at once (the rows then go with the account; a session that no longer exists is refused
 *   all the same).
 * - PulseMaps are the company's (ARCHITECTURE §5): they stay, with `created_by` cleared, the schema's own
 *   ON DELETE SET NULL made explicit so that it is counted.
 * - A discovered item only this person's accounts reported, that no PulseMap holds, is removed, and the Streams it
 *   left are settled by `hooks.settleStreams` (renamed, or removed when empty: the Streams feature's rule, handed
 *   in by the command, since features do not import each other); an item others reported too, or that is part of
 *   a PulseMap, stays for them and only the person's link to it goes. The address leaves every item's
 *   participants.
 * - "Not this project" corrections the person made stay the company's, without their name (ON DELETE SET NULL).
 * - The account and everything keyed on it (profile, Google identities and their tokens, connectors, project
 *   lists, sync preferences, sign-in codes, refresh tokens) go by the schema's ON DELETE CASCADE.
 * - Contact submissions from the address, résumés included, are deleted.
 */
export interface DeletionHooks {
  /** After items left `streamIds`: each takes its clearest remaining member's name, or goes when none is left. */
  settleStreams(tx: Transaction, streamIds: readonly string[]): Promise<void>;
}

export async function deletePersonalData(
  db: Database,
  email: string,
  hooks: DeletionHooks,
): Promise<DeletionResult> {
  return db.orm.transaction(async (tx) => {
    const ids = await accountIds(tx, email);
    const users = `{${ids.join(",")}}`;
    const sessionsEnded = await countOf(
      tx,
      sql`WITH ended AS (
            UPDATE auth.sessions SET revoked_at = now(), revoked_reason = ${USER_DELETED}
             WHERE revoked_at IS NULL AND user_id = ANY(${users}::uuid[]) RETURNING 1
          ) SELECT count(*)::int AS n FROM ended`,
    );
    const pulseMapsKept = await countOf(
      tx,
      sql`WITH kept AS (
            UPDATE pulse.projects SET created_by = NULL WHERE created_by = ANY(${users}::uuid[]) RETURNING 1
          ) SELECT count(*)::int AS n FROM kept`,
    );
    const discoveriesForgotten = await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM pulse.project_alias_viewers WHERE user_id = ANY(${users}::uuid[])`,
    );
    const removedFrom = await rowsOf<{ stream_id: string }>(
      tx,
      sql`DELETE FROM pulse.project_aliases a
             WHERE NOT a.company_wide AND a.project_id IS NULL
               AND EXISTS (SELECT 1 FROM pulse.project_alias_viewers v
                            WHERE v.alias_id = a.id AND v.user_id = ANY(${users}::uuid[]))
               AND NOT EXISTS (SELECT 1 FROM pulse.project_alias_viewers v
                                WHERE v.alias_id = a.id AND v.user_id <> ALL(${users}::uuid[]))
               AND NOT EXISTS (SELECT 1 FROM pulse.projects p WHERE p.alias_id = a.id)
          RETURNING a.stream_id`,
    );
    await hooks.settleStreams(
      tx,
      removedFrom.map((row) => row.stream_id),
    );
    const mentionsRemoved = await countOf(
      tx,
      sql`WITH scrubbed AS (
            UPDATE pulse.project_aliases SET participants = array_remove(participants, lower(${email.trim()}))
             WHERE lower(${email.trim()}) = ANY(participants) RETURNING 1
          ) SELECT count(*)::int AS n FROM scrubbed`,
    );
    const connectors = await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM pulse.connectors WHERE user_id = ANY(${users}::uuid[])`,
    );
    const contact = (
      await rowsOf<{ n: number; resumes: number }>(
        tx,
        sql`WITH removed AS (
              DELETE FROM pulse.contact_submissions WHERE lower(email) = lower(${email.trim()})
              RETURNING resume_stored_name
            ) SELECT count(*)::int AS n, count(resume_stored_name)::int AS resumes FROM removed`,
      )
    )[0];
    await tx.execute(sql`DELETE FROM auth.users WHERE id = ANY(${users}::uuid[])`);
    return {
      accounts: ids.length,
      sessionsEnded,
      connectors,
      discoveriesForgotten,
      discoveriesRemoved: removedFrom.length,
      mentionsRemoved,
      pulseMapsKept,
      contactSubmissions: contact?.n ?? 0,
      resumes: contact?.resumes ?? 0,
    };
  });
}
