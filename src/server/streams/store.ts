import { eq, sql, type SQL } from "drizzle-orm";
import type { CandidatesPage, ProjectSummary, StreamItem } from "@shared/streams";
import { displayName, PROFILE_NOT_FOUND_MESSAGE } from "@shared/streams";
import { rowsOf, type Database } from "../db/client";
import { rawStatement } from "../db/prepared";
import { projects, userProfiles } from "../db/schema";
import { conflict, HttpError, notFound } from "../platform/errors";
import { lockStreams, settleStreams } from "./resolution";
import { visibleItem } from "./visibility";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A candidate page's row, in its SELECT list's order. */
type CandidateRow = [
  stream_id: string,
  raw_name: string,
  alias_count: number,
  source_apps: string[],
  alias_id: string,
];

/**
 * The candidate page's statement for one kind of start, its text made once (`rawStatement`). Its placeholders: the
 * user, the limit, and the start's Stream id and name.
 */
const candidatesFrom = (start: SQL) =>
  rawStatement<CandidateRow>(
    sql`WITH page AS (
          SELECT s.id, s.name FROM pulse.streams s
          WHERE s.project_id IS NULL ${start}
            AND EXISTS (
              SELECT 1 FROM pulse.project_aliases a
              WHERE a.stream_id = s.id AND a.project_id IS NULL AND ${visibleItem(sql.placeholder("user"))})
          ORDER BY s.name, s.id
          LIMIT ${sql.placeholder("limit")})
        SELECT p.id AS stream_id, items.raw_name, items.alias_count, items.source_apps, items.alias_id
        FROM page p CROSS JOIN LATERAL (
          SELECT (array_agg(a.plain_name ORDER BY a.name_rank DESC, a.discovered_at, a.id))[1] AS raw_name,
                 count(*)::int AS alias_count,
                 array_agg(DISTINCT a.source_app ORDER BY a.source_app) AS source_apps,
                 (array_agg(a.id ORDER BY a.discovered_at, a.id))[1] AS alias_id
          FROM pulse.project_aliases a
          WHERE a.stream_id = p.id AND a.project_id IS NULL AND ${visibleItem(sql.placeholder("user"))}) items
        ORDER BY p.name, p.id`,
  );

const candidatePages = {
  first: candidatesFrom(sql``),
  afterStream: candidatesFrom(
    sql`AND (s.name, s.id) > (
      coalesce((SELECT c.name FROM pulse.streams c WHERE c.id = ${sql.placeholder("afterId")}::uuid),
               ${sql.placeholder("afterName")}),
      ${sql.placeholder("afterId")}::uuid)`,
  ),
  afterName: candidatesFrom(sql`AND s.name > ${sql.placeholder("afterName")}`),
};

/**
 * The page's start. A cursor is the last row's name as the user saw it and its Stream's id, as JSON, opaque to the
 * client: never the Stream's stored name, which may come from an item the user may not see. The page goes on after
 * that Stream's place in (name, id) order, or after the name seen if the Stream has gone meanwhile. A cursor made
 * before Streams (a raw name) still pages, from the first Stream named after it.
 */
function pageFrom(after: string | undefined): {
  statement: ReturnType<typeof candidatesFrom>;
  start: Record<string, string>;
} {
  if (after === undefined) return { statement: candidatePages.first, start: {} };
  try {
    const value: unknown = JSON.parse(after);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      UUID.test(value[1])
    ) {
      return { statement: candidatePages.afterStream, start: { afterName: value[0], afterId: value[1] } };
    }
  } catch {
    // Not JSON: a raw name.
  }
  return { statement: candidatePages.afterName, start: { afterName: after } };
}

/**
 * One page of the candidates `userId` may see: one row per Stream not yet a PulseMap that holds an item they may see
 * (reported without a user, or by their own connected accounts), keyset-paged on the Stream's stored name and id
 * (streams_candidates_idx). Its name, count, apps and first item are made of those visible items only, so nothing of
 * a colleague's discoveries shows, not even that the Stream holds more. Each page row's items are gathered in a
 * LATERAL subquery, which the planner answers through the Stream's index (project_aliases_stream_idx): joined and
 * grouped instead, it read every item of every Stream while the table was small (docs/performance.md, "The
 * candidates' items gathered per Stream").
 */
export async function listCandidates(
  db: Database,
  userId: string,
  limit: number,
  after?: string,
): Promise<CandidatesPage> {
  const { statement, start } = pageFrom(after);
  const rows = await statement(db, { ...start, user: userId, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    candidates: page.map((row) => ({
      raw_name: row[1],
      alias_count: row[2],
      source_apps: row[3],
      alias_id: row[4],
    })),
    next_after: rows.length > limit && last ? JSON.stringify([last[1], last[0]]) : null,
  };
}

interface ItemRow {
  id: string;
  external_id: string;
  source_app: string;
  raw_name: string;
  seen_at: Date | string;
  reason: string;
}

/** The most items one list answers: a Stream larger than this shows its earliest ones. */
export const STREAM_ITEMS_MAX = 1000;

const toItem = (r: ItemRow): StreamItem => ({
  id: r.id,
  external_id: r.external_id,
  source_app: r.source_app,
  raw_name: r.raw_name,
  seen_at: new Date(r.seen_at).toISOString(),
  reason: r.reason,
});

/**
 * The items `userId` may see of the Stream the candidate item `aliasId` belongs to: 404 when they may not see it, or
 * it is a PulseMap's already (as POST /api/projects answers for it).
 */
export async function listCandidateItems(
  db: Database,
  userId: string,
  aliasId: string,
): Promise<StreamItem[]> {
  const [found] = await rowsOf<{ stream_id: string }>(
    db.orm,
    sql`SELECT a.stream_id FROM pulse.project_aliases a JOIN pulse.streams s ON s.id = a.stream_id
        WHERE a.id = ${aliasId} AND a.project_id IS NULL AND s.project_id IS NULL AND ${visibleItem(userId)}`,
  );
  if (!found) throw notFound("This candidate no longer exists.", "candidate_not_found");
  const rows = await rowsOf<ItemRow>(
    db.orm,
    sql`SELECT a.id, a.external_id, a.source_app, a.raw_name, a.discovered_at AS seen_at, a.reason
        FROM pulse.project_aliases a
        WHERE a.stream_id = ${found.stream_id} AND a.project_id IS NULL AND ${visibleItem(userId)}
        ORDER BY a.discovered_at, a.id
        LIMIT ${STREAM_ITEMS_MAX}`,
  );
  return rows.map(toItem);
}

/** The items of PulseMap `projectId` that `userId` may see; 404 for a PulseMap that does not exist. */
export async function listProjectItems(
  db: Database,
  userId: string,
  projectId: string,
): Promise<StreamItem[]> {
  const [project] = await rowsOf<{ id: string }>(
    db.orm,
    sql`SELECT id FROM pulse.projects WHERE id = ${projectId}`,
  );
  if (!project) throw notFound("This PulseMap no longer exists.", "project_not_found");
  const rows = await rowsOf<ItemRow>(
    db.orm,
    sql`SELECT a.id, a.external_id, a.source_app, a.raw_name, a.discovered_at AS seen_at, a.reason
        FROM pulse.project_aliases a
        WHERE a.project_id = ${projectId} AND ${visibleItem(userId)}
        ORDER BY a.discovered_at, a.id
        LIMIT ${STREAM_ITEMS_MAX}`,
  );
  return rows.map(toItem);
}

/** A PulseMap as the API answers it, from the list's values or the created row alike. */
const summary = (id: string, name: string, description: string | null, createdAt: Date): ProjectSummary => ({
  id,
  name,
  description,
  created_at: createdAt.toISOString(),
});

/** The newest PulseMaps first (projects_created_at_idx). */
export async function listProjects(db: Database, limit: number): Promise<ProjectSummary[]> {
  const rows = await newestProjects(db, { limit });
  return rows.map((row) => summary(row[0], row[1], row[2], row[3]));
}

const newestProjects = rawStatement<[id: string, name: string, description: string | null, createdAt: Date]>(
  sql`SELECT id, name, description, created_at FROM pulse.projects
      ORDER BY created_at DESC, id DESC
      LIMIT ${sql.placeholder("limit")}`,
  { name: "pulse_projects_newest" },
);

/** True when `err` (or its cause, as Drizzle wraps driver errors) is a unique violation of `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    if (e.code === "23505" && (e.constraint === undefined || e.constraint === constraint)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const PROJECT_EXISTS_MESSAGE = "A PulseMap already exists for this candidate.";

/**
 * Creates a PulseMap from the candidate whose first alias is `aliasId` (SPEC §7 INSERT projects), with decision
 * 0050's two additions, all in one transaction: the creator's profile is found by e-mail first (none: 404 with
 * SPEC's message, nothing inserted), and the candidate's items are linked to the new project so it leaves the list.
 * A second PulseMap for the same candidate fails on the UNIQUE (alias_id) of projects: 409.
 *
 * The candidate is the Stream `user` sees (issue 38): every item of it they may see is linked, and the Stream becomes
 * the PulseMap's, so items resolved into it later join the PulseMap. An alias they may not see answers 404 like one
 * that does not exist (not 409, which would tell them it is there). A colleague's own discoveries in that Stream
 * stay theirs, unlinked, in a Stream of their own, rather than being attached to a company PulseMap by someone who
 * cannot know they exist.
 */
export async function createProjectFromCandidate(
  db: Database,
  user: { id: string; email: string },
  aliasId: string,
): Promise<ProjectSummary> {
  const { email } = user;
  try {
    return await db.orm.transaction(async (tx) => {
      const [profile] = await tx
        .select({ userId: userProfiles.userId })
        .from(userProfiles)
        .where(eq(userProfiles.email, email));
      if (!profile) throw new HttpError(404, "profile_not_found", PROFILE_NOT_FOUND_MESSAGE);

      await lockStreams(tx);
      const [alias] = await rowsOf<{ stream_id: string; project_id: string | null; linked: boolean }>(
        tx,
        sql`SELECT a.stream_id, a.project_id, s.project_id IS NOT NULL AS linked
            FROM pulse.project_aliases a JOIN pulse.streams s ON s.id = a.stream_id
            WHERE a.id = ${aliasId} AND ${visibleItem(user.id)}`,
      );
      if (!alias) throw notFound("This candidate no longer exists.", "candidate_not_found");
      // Linked to a PulseMap created from another item of its Stream: nothing of this candidate is left to create.
      if (alias.project_id !== null || alias.linked) throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");
      const streamId = alias.stream_id;

      // The name the candidates list showed this user.
      const [named] = await rowsOf<{ name: string }>(
        tx,
        sql`SELECT a.plain_name AS name FROM pulse.project_aliases a
            WHERE a.stream_id = ${streamId} AND a.project_id IS NULL AND ${visibleItem(user.id)}
            ORDER BY a.name_rank DESC, a.discovered_at, a.id LIMIT 1`,
      );
      const [project] = await tx
        .insert(projects)
        // A blank Stream becomes a PulseMap under the name the candidates list showed for it, not a nameless row.
        .values({ name: displayName(named?.name ?? ""), aliasId, createdBy: profile.userId })
        .returning();
      const projectId = project!.id;
      await tx.execute(sql`UPDATE pulse.streams SET project_id = ${projectId} WHERE id = ${streamId}`);
      await tx.execute(
        sql`UPDATE pulse.project_aliases a SET project_id = ${projectId}
            WHERE a.stream_id = ${streamId} AND a.project_id IS NULL AND ${visibleItem(user.id)}`,
      );
      // What is left unlinked the creator could not see: it stays a candidate, in a Stream of its own.
      const rest = await rowsOf<{ id: string }>(
        tx,
        sql`SELECT id FROM pulse.project_aliases WHERE stream_id = ${streamId} AND project_id IS NULL LIMIT 1`,
      );
      if (rest.length > 0) {
        const [split] = await rowsOf<{ id: string }>(
          tx,
          sql`INSERT INTO pulse.streams DEFAULT VALUES RETURNING id`,
        );
        await tx.execute(
          sql`UPDATE pulse.project_aliases SET stream_id = ${split!.id}
              WHERE stream_id = ${streamId} AND project_id IS NULL`,
        );
        await tx.execute(
          sql`INSERT INTO pulse.stream_keys (key, stream_id)
              SELECT key, ${split!.id}::uuid FROM pulse.stream_keys WHERE stream_id = ${streamId}`,
        );
        await settleStreams(tx, [split!.id, streamId]);
      }
      const { name, description, createdAt } = project!;
      return summary(projectId, name, description, createdAt);
    });
  } catch (err) {
    if (isUniqueViolation(err, "projects_alias_id_key"))
      throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");
    throw err;
  }
}
