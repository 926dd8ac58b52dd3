import type { Config } from "../config";

/** Vite's development server (`npm run dev`), which proxies /api and /realtime to the server. */
const VITE_PORT = 5173;

/**
 * The origins of Pulse's own pages: PUBLIC_URL's origin, plus `npm start`'s and Vite's on localhost outside
 * production. A page of any other site must not ride a user's credentials: the realtime socket checks the Origin of
 * its handshake against these (issue #12), and refresh and sign-out the Origin of their POST, which acts on the
 * refresh-token cookie (issue 37 item 5).
 */
export function allowedOrigins(config: Pick<Config, "publicUrl" | "production" | "port">): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!config.production) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      for (const port of [config.port, VITE_PORT]) origins.add(`http://${host}:${port}`);
    }
  }
  return origins;
}
