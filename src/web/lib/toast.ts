import type { ExternalToast, Toaster, toast as sonnerToast } from "sonner";
import { onDemand } from "./on-demand";

type Kind = "message" | "success" | "error" | "info" | "warning";
type Listener = () => void;
/** What Pulse uses of sonner's module, which loads on the first toast. */
interface Sonner {
  toast: typeof sonnerToast;
  Toaster: typeof Toaster;
}

let wanted = false;
let mounted: Promise<void> | undefined;
let resolveMounted: (() => void) | undefined;
const sonnerCode = onDemand<Sonner>(() => import("sonner"));
const listeners = new Set<Listener>();

/**
 * sonner's code, fetched on the first toast. A fetch that fails (the connection dropped, the server restarting) is
 * not kept: the next toast asks again, and the page goes on without the one that could not show.
 */
export function loadSonner(): Promise<Sonner> {
  return sonnerCode.load();
}

/** Called by <Toaster>: re-renders it once a toast is first wanted. */
export function subscribeToToastDemand(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastWanted(): boolean {
  return wanted;
}

/** Called by <Toaster> once sonner's region is on the page. */
export function markToasterMounted(): void {
  resolveMounted?.();
}

function ensureToaster(): Promise<void> {
  if (!mounted) {
    mounted = new Promise((resolve) => (resolveMounted = resolve));
    wanted = true;
    listeners.forEach((l) => l());
  }
  return mounted;
}

async function show(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  let toast: typeof sonnerToast;
  try {
    // The region's code first: while it cannot load, the toast is dropped rather than waiting for a region that
    // never comes.
    toast = (await loadSonner()).toast;
  } catch (error) {
    console.warn(`Could not load the toasts' code to show "${title}"`, error);
    return;
  }
  await ensureToaster();
  if (kind === "message") toast(title, options);
  else toast[kind](title, options);
}

/**
 * Toasts for every feature. sonner (and its region) load on the first toast, so pages that never toast never
 * download it (docs/decisions/0003-web-bundle-budget.md).
 */
export const toast = {
  message: (title: string, options?: ExternalToast) => void show("message", title, options),
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
  info: (title: string, options?: ExternalToast) => void show("info", title, options),
  warning: (title: string, options?: ExternalToast) => void show("warning", title, options),
};
