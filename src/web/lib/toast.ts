import type { ExternalToast } from "sonner";

type Kind = "message" | "success" | "error" | "info" | "warning";
type Listener = () => void;

let wanted = false;
let mounted: Promise<void> | undefined;
let resolveMounted: (() => void) | undefined;
const listeners = new Set<Listener>();

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
  const [{ toast: sonner }] = await Promise.all([import("sonner"), ensureToaster()]);
  if (kind === "message") sonner(title, options);
  else sonner[kind](title, options);
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
