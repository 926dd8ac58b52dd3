import { createContext } from "react";
import type { RealtimeClient } from "./realtime-client";

/** The tab's realtime client, provided in the signed-in area (src/web/app/guards/protected-route.tsx). */
export const RealtimeContext = createContext<RealtimeClient | null>(null);
