import type { Config } from "../config";

/** Vite's development server (`npm run dev`), which proxies /realtime with `ws: true`. */
const VITE_PORT = 5173;

/**
 * The origins whose pages may open the socket (a browser always sends Origin on a WebSocket handshake; a page of
 * any other site must not ride a user's token, issue #12): PUBLIC_URL's origin, plus `npm start`'s and Vite's on
 * localhost outside production.
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
