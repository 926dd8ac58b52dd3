import { and, asc, desc, eq, exists, gt, inArray, isNull, or, sql, type Placeholder } from "drizzle-orm";
import { alias as tableAlias, union } from "drizzle-orm/pg-core";
import type { CandidatesPage, ProjectSummary } from "@shared/streams";
import { displayName, PROFILE_NOT_FOUND_MESSAGE } from "@shared/streams";
import type { Database, Orm } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { projectAliases, projectAliasViewers, projects, userProfiles } from "../db/schema";
import { conflict, HttpError, notFound } from "../platform/errors";

/**
 * One page of the candidates `userId` may see, keyset-paged on raw_name (unique per page, as rows are grouped by
 * it). A user sees the aliases reported without a user (company_wide) and those their own connected accounts
 * reported (pulse.project_alias_viewers); a candidate's count, apps and first alias are made of those aliases only,
 * so nothing of a colleague's discoveries shows, not even that a shared name has more of them.
 */
export async function listCandidates(
  db: Database,
  userId: string,
  limit: number,
  after?: string,
): Promise<CandidatesPage> {
  const rows =
    after === undefined
      ? await firstCandidates(db).execute({ user: userId, limit: limit + 1 })
      : await candidatesAfter(db).execute({ user: userId, limit: limit + 1, after });
  const page = rows.slice(0, limit);
  return { candidates: page, next_after: rows.length > limit ? page[page.length - 1]!.raw_name : null };
}

/** True when `user` may see the alias `a` (a row of pulse.project_aliases or an alias of it). */
const visibleTo = (orm: Orm, a: typeof projectAliases, user: Placeholder | string) =>
  or(
    sql`${a.companyWide}`,
    exists(
      orm
        .select({ one: sql`1` })
        .from(projectAliasViewers)
        .where(and(eq(projectAliasViewers.aliasId, a.id), eq(projectAliasViewers.userId, user))),
    ),
  );

/**
 * The page's names come first, from two indexes read in name order, each stopping after `limit` names: the
 * company-wide ones (project_aliases_unlinked_company_name_idx) and the user's own
 * (project_alias_viewers_user_name_idx, which carries raw_name for this). Grouping the visible aliases of both at
 * once had the planner sort every visible alias before the first group, as it cannot tell how many names their
 * union holds. Then only those names' visible aliases are grouped, through project_aliases_unlinked_name_idx.
 */
const candidatesPage = (orm: Orm, name: string, after?: Placeholder) => {
  const user = sql.placeholder("user");
  const limit = sql.placeholder("limit");
  const shared = tableAlias(projectAliases, "shared");
  const own = tableAlias(projectAliases, "own");
  const v = projectAliasViewers;
  const sharedNames = orm
    .select({ rawName: shared.rawName })
    .from(shared)
    .where(
      and(
        isNull(shared.projectId),
        // Bare, not `= true`: a bound true would not prove the partial index's predicate in a generic plan.
        sql`${shared.companyWide}`,
        after === undefined ? undefined : gt(shared.rawName, after),
      ),
    )
    .groupBy(shared.rawName)
    .orderBy(asc(shared.rawName))
    .limit(limit);
  const ownNames = orm
    .select({ rawName: v.rawName })
    .from(v)
    .innerJoin(own, eq(own.id, v.aliasId))
    .where(
      and(eq(v.userId, user), isNull(own.projectId), after === undefined ? undefined : gt(v.rawName, after)),
    )
    .groupBy(v.rawName)
    .orderBy(asc(v.rawName))
    .limit(limit);
  const pageNames = union(sharedNames, ownNames)
    .orderBy(asc(sql`1`))
    .limit(limit);

  const a = projectAliases;
  return orm
    .select({
      raw_name: a.rawName,
      alias_count: sql<number>`count(*)::int`,
      source_apps: sql<string[]>`array_agg(DISTINCT ${a.sourceApp} ORDER BY ${a.sourceApp})`,
      alias_id: sql<string>`(array_agg(${a.id} ORDER BY ${a.discoveredAt}, ${a.id}))[1]`,
    })
    .from(a)
    .where(and(isNull(a.projectId), inArray(a.rawName, pageNames), visibleTo(orm, a, user)))
    .groupBy(a.rawName)
    .orderBy(asc(a.rawName))
    .prepare(name);
};
const firstCandidates = preparedStatement((orm, name) => candidatesPage(orm, name), {
  name: "pulse_candidates_first",
});
// Unnamed, as decision 0082 left the keyset page: its one-step query's generic plan read every later row. This
// query's generic plan matched its custom plan on PostgreSQL 15 (1.1 ms, 100,000 aliases): naming it is now open.
const candidatesAfter = preparedStatement((orm, name) => candidatesPage(orm, name, sql.placeholder("after")));

const summary = (p: {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
}): ProjectSummary => ({
  id: p.id,
  name: p.name,
  description: p.description,
  created_at: p.createdAt.toISOString(),
});

/** The newest PulseMaps first (projects_created_at_idx). */
export async function listProjects(db: Database, limit: number): Promise<ProjectSummary[]> {
  const rows = await newestProjects(db).execute({ limit });
  return rows.map(summary);
}

const newestProjects = preparedStatement(
  (orm, name) =>
    orm
      .select({
        id: projects.id,
        name: projects.name,
        description: projects.description,
        createdAt: projects.createdAt,
      })
      .from(projects)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
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
 * SPEC's message, nothing inserted), and the candidate's unlinked aliases are linked to the new project so it leaves
 * the view. A second PulseMap for the same candidate fails on the UNIQUE (alias_id) of projects: 409.
 *
 * The candidate is the one `user` sees: an alias they may not see answers 404 like one that does not exist (not
 * 409, which would tell them it is there), and only aliases they may see are linked. A colleague's own discovery
 * of the same name stays theirs, unlinked, rather than being attached to a company PulseMap by someone who cannot
 * know it exists.
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

      const [alias] = await tx
        .select({ rawName: projectAliases.rawName, projectId: projectAliases.projectId })
        .from(projectAliases)
        .where(and(eq(projectAliases.id, aliasId), visibleTo(tx, projectAliases, user.id)));
      if (!alias) throw notFound("This candidate no longer exists.", "candidate_not_found");
      // Linked to a PulseMap created from another alias of its group: nothing of this candidate is left to create.
      if (alias.projectId !== null) throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");

      const [project] = await tx
        .insert(projects)
        // A blank Stream becomes a PulseMap under the name the candidates list showed for it, not a nameless row.
        .values({ name: displayName(alias.rawName), aliasId, createdBy: profile.userId })
        .returning();
      await tx
        .update(projectAliases)
        .set({ projectId: project!.id })
        .where(
          and(
            eq(projectAliases.rawName, alias.rawName),
            isNull(projectAliases.projectId),
            visibleTo(tx, projectAliases, user.id),
          ),
        );
      return summary(project!);
    });
  } catch (err) {
    if (isUniqueViolation(err, "projects_alias_id_key"))
      throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");
    throw err;
  }
}
