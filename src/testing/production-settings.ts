import { WORKFLOW_HOOKS } from "../server/config";

/**
 * Every setting the production rules require (decision 0090), with `NODE_ENV=production` and a public
 * `PUBLIC_URL`; tests override what they are about. Dummy credentials: nothing here signs anyone in.
 */
export function productionSettings(dataDir?: string): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://pulse.acme.com",
    COMPANY_DOMAIN: "acme.com",
    JWT_SECRET: "x".repeat(40),
    GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "secret",
    RECAPTCHA_SITE_KEY: "site",
    RECAPTCHA_SECRET_KEY: "secret",
    WORKFLOW_SECRET: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0",
    ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }),
  };
  for (const hook of WORKFLOW_HOOKS)
    env[`WORKFLOW_${hook}_URL`] = `https://hooks.acme.com/${hook.toLowerCase()}`;
  return env;
}
