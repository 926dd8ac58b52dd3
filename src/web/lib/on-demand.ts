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
 * The module it loads is named in the build plan (scripts/build-plan/chunking.ts); the build refuses one that is not.
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
 * `code` for a component that shows it: fetched from the first render on (at once when already loaded), or from
 * when `wanted` turns true, with whether the last fetch failed, and `retry` to fetch again after a failure.
 */
export function useOnDemand<T>(
  code: OnDemand<T>,
  wanted = true,
): {
  value: T | undefined;
  failed: boolean;
  retry: () => void;
} {
  // Through functions: the code is often a component, which useState would otherwise call.
  const [value, setValue] = useState<T | undefined>(() => code.loaded());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || value !== undefined || failed) return;
    let live = true;
    code.load().then(
      (loaded) => live && setValue(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, wanted, value, failed]);
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

/**
 * For a control whose popup (a dialog, a menu, a list) is code on demand (components/ui/on-demand-trigger.tsx): the
 * control is a plain button until its first press, `press()`, and then the popup, shown opened (`pressed`), once its
 * code is here (`value`). Until then the press is `pending`; a failed fetch is `failed`, and the next press fetches
 * again. The page prefetches the code (`usePrefetch`), so a press usually finds it here and the popup opens in the
 * same frame. With `beforePress`, the code is fetched once the page's content is shown and is shown as soon as it is
 * here, pressed or not; a failure of that fetch is not reported, as the press fetches again.
 */
export function useOnDemandOnPress<T>(
  code: OnDemand<T>,
  { beforePress = false }: { beforePress?: boolean } = {},
): {
  value: T | undefined;
  pressed: boolean;
  pending: boolean;
  failed: boolean;
  press: () => void;
} {
  const [pressed, setPressed] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => (beforePress ? afterContentPaint(() => setShown(true)) : undefined), [beforePress]);
  const { value, failed, retry } = useOnDemand(code, pressed || shown);
  const press = useCallback(() => {
    setPressed(true);
    retry();
  }, [retry]);
  const here = pressed || beforePress ? value : undefined;
  const failedPress = pressed && failed;
  return {
    value: here,
    pressed,
    pending: pressed && here === undefined && !failedPress,
    failed: failedPress,
    press,
  };
}
