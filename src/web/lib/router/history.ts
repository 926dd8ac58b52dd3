/** Where the app is: the address's path, query and fragment, the state its navigation left, and the entry's key. */
export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
  /**
   * Names the history entry: "default" for the one the document was loaded at before the app navigated, otherwise
   * unique to the entry, and the same when Back or Forward return to it (the scroll handling tells them apart).
   */
  readonly key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** Where a Router's locations come from: the browser's history, a list in memory (tests), one fixed address (the server's pre-render). */
export interface History {
  /** The location now (read afresh: code outside the router may have rewritten the address with replaceState). */
  readonly location: Location;
  navigate(to: string, options?: NavigateOptions): void;
  /** Called after each navigation, including the browser's Back and Forward; returns the unsubscribe. */
  listen(listener: (location: Location) => void): () => void;
}

type Path = Pick<Location, "pathname" | "search" | "hash">;

/** What a history's first address is resolved against. */
const ROOT = { pathname: "/", search: "" };

/**
 * `to` resolved against the location it is followed from, as a link's href is: "/x" is absolute, "?a=1" keeps the
 * path, "#top" keeps the path and query. Only the path, query and fragment are kept, never another origin.
 */
export function resolvePath(to: string, from: Pick<Location, "pathname" | "search">): Path {
  const url = new URL(to, `http://router.invalid${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function pathText({ pathname, search, hash }: Path): string {
  return pathname + search + hash;
}

/** What the app keeps in history.state: React Router's shape, so entries made before it stay readable. */
interface EntryState {
  usr: unknown;
  key: string;
}

// A key only has to differ from the other entries' keys, including entries from before a reload.
const newKey = () => Math.random().toString(36).slice(2, 10);

export function createBrowserHistory(win: Window = window): History {
  const listeners = new Set<(location: Location) => void>();
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const entry = win.history.state as Partial<EntryState> | null;
    const key = typeof entry?.key === "string" ? entry.key : "default";
    return { pathname, search, hash, state: entry?.usr ?? null, key };
  };
  const notify = () => {
    const location = read();
    for (const listener of listeners) listener(location);
  };
  return {
    get location() {
      return read();
    },
    navigate(to, { replace = false, state = null } = {}) {
      const path = pathText(resolvePath(to, win.location));
      const entry: EntryState = { usr: state, key: newKey() };
      if (replace) {
        win.history.replaceState(entry, "", path);
      } else {
        try {
          win.history.pushState(entry, "", path);
        } catch {
          // Safari refuses more than 100 pushState calls in 30 s: load the page instead of losing the navigation.
          win.location.assign(path);
          return;
        }
      }
      notify();
    },
    listen(listener) {
      if (listeners.size === 0) win.addEventListener("popstate", notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener("popstate", notify);
      };
    },
  };
}

/** A history in memory, for tests: starts at the last of `entries`. */
export function createMemoryHistory(entries: readonly string[] = ["/"]): History & { back(): void } {
  const stack: Location[] = entries.map((to, index) => ({
    ...resolvePath(to, ROOT),
    state: null,
    key: index === 0 ? "default" : newKey(),
  }));
  let index = stack.length - 1;
  const listeners = new Set<(location: Location) => void>();
  const notify = () => {
    for (const listener of listeners) listener(stack[index]!);
  };
  return {
    get location() {
      return stack[index]!;
    },
    navigate(to, { replace = false, state = null } = {}) {
      const next = { ...resolvePath(to, stack[index]!), state, key: newKey() };
      if (replace) stack[index] = next;
      else stack.splice(++index, Infinity, next);
      notify();
    },
    back() {
      if (index === 0) return;
      index -= 1;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The server's pre-render: one address, and no navigating (effects, where a redirect would happen, never run there). */
export function createStaticHistory(at: string): History {
  const location: Location = {
    ...resolvePath(at, ROOT),
    state: null,
    key: "default",
  };
  return {
    location,
    navigate(to) {
      throw new Error(`The server's pre-render of ${at} cannot navigate to ${to}`);
    },
    listen: () => () => undefined,
  };
}
