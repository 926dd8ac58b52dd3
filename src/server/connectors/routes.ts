import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  CONNECTOR_ERRORS,
  CONNECTORS_ROUTES,
  isConnectorType,
  isPopupConnector,
  type AsanaProjectsResponse,
  type AsanaSyncPreferences,
  type ConnectLinkResponse,
  type ConnectorStatus,
  type ConnectorType,
  type ConnectorsList,
  type PopupConnector,
  type SaveAsanaPreferencesResponse,
} from "@shared/connectors";
import { currentUser } from "../platform/current-user";
import { badRequest, conflict, forbidden, notFound, parseInput } from "../platform/errors";
import { asanaPreferences, asanaProjects, listConnectors, saveAsanaPreferences, setConnector } from "./store";
import { createWebhookGuard } from "./webhook-guard";

/** The most Asana project ids one save may select. */
export const MAX_SELECTED_PROJECTS = 5_000;

const setBody = z.object({ is_active: z.boolean() });
const syncBody = z.object({ kind: z.enum(["projects", "data"]).optional() });
const saveBody = z.object({
  user_id: z.string().max(100),
  sync_all: z.boolean(),
  selected_project_ids: z.array(z.string().trim().min(1).max(100)).max(MAX_SELECTED_PROJECTS),
});

type TypeParams = { Params: { type: string } };

function connectorOf(params: { type: string }): ConnectorType {
  if (!isConnectorType(params.type)) {
    throw notFound(`There is no connector "${params.type.slice(0, 50)}".`, CONNECTOR_ERRORS.unknownConnector);
  }
  return params.type;
}

function popupConnectorOf(params: { type: string }): PopupConnector {
  const type = connectorOf(params);
  if (!isPopupConnector(type)) {
    throw badRequest(`${type} has no connect flow; switch it with PUT.`, CONNECTOR_ERRORS.noConnectFlow);
  }
  return type;
}

/**
 * Settings → Connectors (SPEC §2, §4, §7; issue #13; decision 0070). Every route is behind the structural user
 * guard (platform/access.ts: `/api` and `/functions`), and every read and write is the token's user's own, whatever
 * the request says. Webhook calls go through `app.workflowWebhooks` (src/server/workflows/webhook-client.ts, or the
 * development simulator), whose failures answer their own status and code (workflow-contract/workflow-webhooks.ts), and
 * through the webhook guard: limited per user and action, a repeat joining the same call still running. The
 * request is checked first, so a refused one is neither counted nor sent.
 */
export const connectorsRoutes: FastifyPluginAsync = async (app) => {
  const guard = createWebhookGuard(app.db);

  app.get(CONNECTORS_ROUTES.list, async (request): Promise<ConnectorsList> => {
    return { connectors: await listConnectors(app.db, currentUser(request).id) };
  });

  // SPEC flips the other connectors locally; Pulse stores the flip so it survives a reload and reaches other tabs.
  app.put<TypeParams>(CONNECTORS_ROUTES.set, async (request): Promise<ConnectorStatus> => {
    const user = currentUser(request);
    const type = connectorOf(request.params);
    if (isPopupConnector(type)) {
      throw conflict(
        `${type} is switched through its connect flow, not directly.`,
        CONNECTOR_ERRORS.connectThroughFlow,
      );
    }
    const { is_active } = parseInput(setBody, request.body);
    return setConnector(app.db, user.id, type, is_active);
  });

  app.post<TypeParams>(CONNECTORS_ROUTES.connect, async (request): Promise<ConnectLinkResponse> => {
    const user = currentUser(request);
    const type = popupConnectorOf(request.params);
    const link = await guard.run({ action: "connect", target: type, userId: user.id, log: request.log }, () =>
      app.workflowWebhooks.connectLink(type, user.id),
    );
    return { connect_link_url: link };
  });

  // The switch changes when the workflow service reports back (connector.updated), not here.
  app.post<TypeParams>(CONNECTORS_ROUTES.disconnect, async (request, reply) => {
    const user = currentUser(request);
    const type = popupConnectorOf(request.params);
    await guard.run({ action: "disconnect", target: type, userId: user.id, log: request.log }, () =>
      app.workflowWebhooks.disconnect(type, user.id),
    );
    return reply.code(202).send({ status: "requested" });
  });

  app.post<TypeParams>(CONNECTORS_ROUTES.sync, async (request) => {
    const user = currentUser(request);
    const type = connectorOf(request.params);
    const { kind = "projects" } = parseInput(syncBody, request.body);
    if (type === "asana") {
      await guard.run({ action: "sync", target: `asana:${kind}`, userId: user.id, log: request.log }, () =>
        app.workflowWebhooks.syncAsana(kind, user.id),
      );
    } else if (type === "google_meet_gemini") {
      await guard.run({ action: "sync", target: type, userId: user.id, log: request.log }, () =>
        app.workflowWebhooks.syncGoogleMeet(user.id),
      );
    } else {
      throw badRequest(
        `${type} has no sync webhook; its sync is simulated in the browser.`,
        CONNECTOR_ERRORS.syncSimulated,
      );
    }
    return { status: "ok" as const };
  });

  app.get(CONNECTORS_ROUTES.asanaProjects, async (request): Promise<AsanaProjectsResponse> => {
    return asanaProjects(app.db, currentUser(request).id);
  });

  app.get(CONNECTORS_ROUTES.asanaPreferences, async (request): Promise<AsanaSyncPreferences> => {
    return asanaPreferences(app.db, currentUser(request).id);
  });

  // SPEC §7 Product API. Bad JSON is refused by the JSON parser (400) after the guard (401 / 403).
  app.post(CONNECTORS_ROUTES.saveAsanaPreferences, async (request): Promise<SaveAsanaPreferencesResponse> => {
    const user = currentUser(request);
    const body = parseInput(saveBody, request.body);
    if (body.user_id !== user.id) {
      throw forbidden("These preferences belong to another user.", CONNECTOR_ERRORS.userMismatch);
    }
    const preferences: AsanaSyncPreferences = {
      sync_all: body.sync_all,
      // SPEC §7: empty when all.
      selected_project_ids: body.sync_all ? [] : [...new Set(body.selected_project_ids)],
    };
    await saveAsanaPreferences(app.db, user.id, preferences);
    return { status: "saved", ...preferences };
  });
};
