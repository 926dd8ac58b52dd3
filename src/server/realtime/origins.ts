/**
 * The origins whose pages may open the socket (a browser always sends Origin on a WebSocket handshake; a page of
 * any other site must not ride a user's token, issue #12): Pulse's own pages, the rule the refresh-token cookie's
 * endpoints share (src/server/platform/page-origins.ts).
 */
export { allowedOrigins } from "../platform/page-origins";
