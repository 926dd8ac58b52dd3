import { exportJWK, generateKeyPair } from "jose";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider from "oidc-provider";
import { devProviderConfiguration, type DevConfigurationOptions } from "./configuration";

export interface OidcInstance {
  provider: Provider;
  /** The provider's own endpoints, for a raw request whose path no longer has the mount prefix. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
}

/** The oidc-provider instance of the development provider, signing with an RS256 key made for this process. */
export async function createOidcInstance(
  issuer: string,
  options: Omit<DevConfigurationOptions, "signingKey">,
): Promise<OidcInstance> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(
    issuer,
    devProviderConfiguration({
      ...options,
      signingKey: { ...(await exportJWK(privateKey)), kid: "pulse-dev-1", alg: "RS256", use: "sig" },
    }),
  );
  return { provider, handle: provider.callback() };
}
