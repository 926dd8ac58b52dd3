import { useCallback, useEffect, useState } from "react";
import { afterContentPaint } from "./after-paint";

/** Code fetched when first wanted rather than with the page that may want it (see `onDemand`). */
export interface OnDemand<T> {
  /** Fetches the code once; a fetch that failed is not kept, so the next call fetches again. */
  load(): Promise<T>;
  /** The code, once a fetch has succeeded. */
  loaded(): T | undefined;
}

/**
 * Code that only some visits need (a picker's calendar, a tab's contents), kept out of the page's first download:
 * `fetch` is a dynamic import. A failed fetch (the connection dropped, the server restarting) is not remembered.
 */
export function onDemand<T>(fetch: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      pending ??= fetch().then(
        (fetched) => (value = fetched),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/**
 * `code` for a component that shows it: fetched from the first render on (at once when already loaded), with
 * whether the last fetch failed, and `retry` to fetch again after a failure.
 */
export function useOnDemand<T>(code: OnDemand<T>): {
  value: T | undefined;
  failed: boolean;
  retry: () => void;
} {
  // Through functions: the code is often a component, which useState would otherwise call.
  const [value, setValue] = useState<T | undefined>(() => code.loaded());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (value !== undefined || failed) return;
    let live = true;
    code.load().then(
      (loaded) => live && setValue(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, value, failed]);
  const retry = useCallback(() => setFailed(false), []);
  return { value, failed, retry };
}

/**
 * Fetches `code` once the page's content is shown, so that it is there when first wanted. A failed prefetch is not
 * reported: the part that shows the code fetches again when it is opened, and reports a failure then.
 */
export function usePrefetch(code: OnDemand<unknown>): void {
  useEffect(() => afterContentPaint(() => void code.load().catch(() => undefined)), [code]);
}
