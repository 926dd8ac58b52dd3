/** Where the development provider is mounted, and its one client: known before the provider itself is made. */
export const DEV_PROVIDER_PREFIX = "/dev/oidc";
export const DEV_CLIENT_ID = "pulse-dev";
