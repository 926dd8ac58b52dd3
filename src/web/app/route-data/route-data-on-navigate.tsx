import { useRef } from "react";
import { useLocation } from "@/lib/router";
import { startRouteData } from "./route-data";

/**
 * Starts each navigation's route data (startRouteData) as the navigation begins. Mounted inside the router; its
 * first render is the page the app started on, whose data main.tsx started before rendering.
 *
 * It starts them while rendering, not in an effect: the router renders a navigation as a transition, and React
 * keeps the previous page on screen — committing nothing, running no effect — until the next page's code has
 * loaded, the very wait this is here to avoid. The ref makes it once per change of path, however often React renders
 * (react-dom's preload() is called while rendering for the same reason).
 */
export function RouteDataOnNavigate(): null {
  const { pathname } = useLocation();
  const startedFor = useRef(pathname);
  if (startedFor.current !== pathname) {
    startedFor.current = pathname;
    startRouteData(pathname);
  }
  return null;
}
