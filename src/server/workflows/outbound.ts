import type { FastifyInstance } from "fastify";
import { inProcessFetch } from "../platform/in-process-fetch";
import type { WorkflowWebhooks } from "../workflow-contract/workflow-webhooks";
import { createWorkflowClient, type WorkflowClientOptions } from "./webhook-client";

/**
 * What tests may replace in the outbound client (a fake workflow service, a short timeout, a recorded sleep), and
 * the observer app.ts plugs the metrics in with.
 */
export type WorkflowClientOverrides = Partial<
  Pick<WorkflowClientOptions, "fetch" | "timeoutMs" | "sleep" | "now" | "observe">
>;

/**
 * The outbound webhooks of this server: the configured WORKFLOW_*_URL, or — when none is set and the development
 * stand-ins may run — the development simulator mounted at /dev/workflows, called in-process through the same
 * client, timeout and logs.
 */
export async function setUpWorkflowWebhooks(
  app: FastifyInstance,
  overrides: WorkflowClientOverrides = {},
): Promise<WorkflowWebhooks> {
  const { config } = app;
  let urls = config.workflow.urls;
  let fetch = overrides.fetch;
  if (Object.keys(urls).length === 0 && config.devStandIns && !config.production) {
    // Loaded only here, so a configured server never loads the simulator's code.
    const { mountWorkflowSimulator } = await import("./dev-simulator/simulator");
    const simulator = await mountWorkflowSimulator(app, {
      publicUrl: config.publicUrl,
      secret: config.workflow.secret,
    });
    app.decorate("workflowSimulator", simulator);
    urls = simulator.urls;
    const inProcess = inProcessFetch(app);
    fetch = (url, init) =>
      inProcess(url, { ...init, headers: { ...init.headers, ...simulator.hookHeaders } });
    app.log.info("workflow webhooks: development simulator at /dev/workflows");
  } else if (Object.keys(urls).length === 0) {
    app.log.warn(
      "WORKFLOW_*_URL are not set: connecting, disconnecting and syncing Asana, Google Drive and Meet fail",
    );
  }
  return createWorkflowClient({
    ...overrides,
    urls,
    // The service's two environments (Pipedream Connect's `development` and `production`): a test or a
    // developer's machine never passes for production.
    environment: config.production ? "production" : "development",
    log: app.log,
    ...(fetch ? { fetch } : {}),
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The development simulator, when mounted (tests wait on `settled()` for its reports). */
    workflowSimulator?: { settled(): Promise<void>; hookHeaders: Readonly<Record<string, string>> };
  }
}
