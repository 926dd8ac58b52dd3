import { CONNECT_POPUP } from "./constants";

/**
 * Opens the connect popup (SPEC §9: 600x700) centred on the browser window, empty for now. It is opened in the
 * click itself, before the connect link is fetched, because browsers block popups opened later (decision 0071).
 * Null when the browser blocked it.
 */
export function openConnectPopup(name: string): Window | null {
  const { width, height } = CONNECT_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    "",
    `pulse-connect-${name}`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (popup) {
    // The connect page is another site's: it must not be able to navigate Pulse through window.opener.
    popup.opener = null;
  }
  return popup;
}

/**
 * The connect link as an absolute web address, or null: only http(s) may be loaded into the popup (never
 * javascript: or data:). A relative link is taken as Pulse's own (the development simulator).
 */
export function connectLinkUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
