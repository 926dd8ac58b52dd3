import { and, asc, desc, eq, gt, isNull, sql, type Placeholder } from "drizzle-orm";
import type { CandidatesPage, ProjectSummary } from "@shared/streams";
import { PROFILE_NOT_FOUND_MESSAGE } from "@shared/streams";
import type { Database, Orm } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { projectAliases, projectCandidatesGrouped, projects, userProfiles } from "../db/schema";
import { conflict, HttpError, notFound } from "../platform/errors";

/**
 * One page of candidates, keyset-paged on raw_name (the view's grouping key, so unique): `raw_name > after`
 * is pushed below the view's GROUP BY onto the partial index project_aliases_unlinked_name_idx (decision 0050,
 * which also records what is not yet measured).
 */
export async function listCandidates(db: Database, limit: number, after?: string): Promise<CandidatesPage> {
  const rows =
    after === undefined
      ? await firstCandidates(db).execute({ limit: limit + 1 })
      : await candidatesAfter(db).execute({ limit: limit + 1, after });
  const page = rows.slice(0, limit);
  return { candidates: page, next_after: rows.length > limit ? page[page.length - 1]!.raw_name : null };
}

const candidatesPage = (orm: Orm, name: string, after?: Placeholder) => {
  const v = projectCandidatesGrouped;
  return orm
    .select({
      raw_name: v.rawName,
      alias_count: v.aliasCount,
      source_apps: v.sourceApps,
      alias_id: v.aliasId,
    })
    .from(v)
    .where(after === undefined ? undefined : gt(v.rawName, after))
    .orderBy(asc(v.rawName))
    .limit(sql.placeholder("limit"))
    .prepare(name);
};
const firstCandidates = preparedStatement((orm, name) => candidatesPage(orm, name), {
  name: "pulse_candidates_first",
});
// Unnamed: a generic plan of `raw_name > $after` reads every later row (db/prepared.ts).
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
 */
export async function createProjectFromCandidate(
  db: Database,
  email: string,
  aliasId: string,
): Promise<ProjectSummary> {
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
        .where(eq(projectAliases.id, aliasId));
      if (!alias) throw notFound("This candidate no longer exists.", "candidate_not_found");
      // Linked to a PulseMap created from another alias of its group: nothing of this candidate is left to create.
      if (alias.projectId !== null) throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");

      const [project] = await tx
        .insert(projects)
        .values({ name: alias.rawName, aliasId, createdBy: profile.userId })
        .returning();
      await tx
        .update(projectAliases)
        .set({ projectId: project!.id })
        .where(and(eq(projectAliases.rawName, alias.rawName), isNull(projectAliases.projectId)));
      return summary(project!);
    });
  } catch (err) {
    if (isUniqueViolation(err, "projects_alias_id_key"))
      throw conflict(PROJECT_EXISTS_MESSAGE, "project_exists");
    throw err;
  }
}
