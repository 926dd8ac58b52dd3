import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's pre-render of a public page and while the browser hydrates it; true once the app runs the
 * page (and always in a page the browser renders itself). A control that needs the app's code is rendered disabled
 * until then, so the pre-rendered page never shows a control that looks ready and does nothing when pressed
 * (docs/decisions/0083-prerendering-public-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
