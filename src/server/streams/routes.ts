import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  CANDIDATES_PAGE_DEFAULT,
  CANDIDATES_PAGE_MAX,
  PROJECTS_LIST_MAX,
  STREAMS_ROUTES,
  type CandidatesPage,
  type CorrectionResponse,
  type CreateProjectResponse,
  type ProjectsList,
  type StreamItemsList,
} from "@shared/streams";
import { currentUser } from "../platform/current-user";
import { parseInput } from "../platform/errors";
import { createCorrection, undoCorrection } from "./corrections";
import {
  createProjectFromCandidate,
  listCandidateItems,
  listCandidates,
  listProjectItems,
  listProjects,
} from "./store";

const candidatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CANDIDATES_PAGE_MAX).default(CANDIDATES_PAGE_DEFAULT),
  // PostgreSQL text cannot hold U+0000: the cursor would fail in the query (500) instead of being refused here.
  // A cursor holds a Stream's name (up to 500 characters, escaped as JSON) and its id.
  after: z
    .string()
    .max(2100)
    .refine((s) => !s.includes("\u0000"), "must not contain U+0000")
    .optional(),
});

const projectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PROJECTS_LIST_MAX).default(PROJECTS_LIST_MAX),
});

const createBody = z.object({ alias_id: z.uuid() });
const aliasParams = z.object({ alias_id: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const correctionBody = z.object({ item_id: z.uuid() });

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

  app.get(STREAMS_ROUTES.candidateItems, async (request): Promise<StreamItemsList> => {
    const user = currentUser(request);
    const { alias_id } = parseInput(aliasParams, request.params);
    return { items: await listCandidateItems(app.db, user.id, alias_id) };
  });

  app.get(STREAMS_ROUTES.projectItems, async (request): Promise<StreamItemsList> => {
    const user = currentUser(request);
    const { id } = parseInput(idParams, request.params);
    return { items: await listProjectItems(app.db, user.id, id) };
  });

  app.post(STREAMS_ROUTES.corrections, async (request, reply): Promise<CorrectionResponse> => {
    const user = currentUser(request);
    const { item_id } = parseInput(correctionBody, request.body);
    const correction = await createCorrection(app.db, user.id, item_id);
    reply.code(201);
    return { correction };
  });

  app.delete(STREAMS_ROUTES.correction, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParams, request.params);
    await undoCorrection(app.db, user.id, id);
    return reply.code(204).send();
  });
};
