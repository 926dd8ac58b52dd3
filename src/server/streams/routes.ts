import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  CANDIDATES_PAGE_DEFAULT,
  CANDIDATES_PAGE_MAX,
  PROJECTS_LIST_MAX,
  STREAMS_ROUTES,
  type CandidatesPage,
  type CreateProjectResponse,
  type ProjectsList,
} from "@shared/streams";
import { currentUser } from "../platform/current-user";
import { parseInput } from "../platform/errors";
import { createProjectFromCandidate, listCandidates, listProjects } from "./store";

const candidatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CANDIDATES_PAGE_MAX).default(CANDIDATES_PAGE_DEFAULT),
  // PostgreSQL text cannot hold U+0000: the cursor would fail in the query (500) instead of being refused here.
  after: z
    .string()
    .max(1000)
    .refine((s) => !s.includes("\u0000"), "must not contain U+0000")
    .optional(),
});

const projectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PROJECTS_LIST_MAX).default(PROJECTS_LIST_MAX),
});

const createBody = z.object({ alias_id: z.uuid() });

/**
 * The Streams API (SPEC §2 Streams page, §7; issue #11). Every route is behind the structural user guard
 * (src/server/platform/access.ts): 401 without a session, 403 outside the company domain.
 */
export const streamsRoutes: FastifyPluginAsync = async (app) => {
  app.get(STREAMS_ROUTES.candidates, async (request): Promise<CandidatesPage> => {
    const user = currentUser(request);
    const { limit, after } = parseInput(candidatesQuery, request.query);
    return listCandidates(app.db, user.id, limit, after);
  });

  app.get(STREAMS_ROUTES.projects, async (request): Promise<ProjectsList> => {
    const { limit } = parseInput(projectsQuery, request.query);
    return { projects: await listProjects(app.db, limit) };
  });

  app.post(STREAMS_ROUTES.projects, async (request, reply): Promise<CreateProjectResponse> => {
    const user = currentUser(request);
    const { alias_id } = parseInput(createBody, request.body);
    const project = await createProjectFromCandidate(app.db, user, alias_id);
    reply.code(201);
    return { project };
  });
};
