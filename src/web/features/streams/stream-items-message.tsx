/** Whose items a list shows: a Stream's (New Items) or a PulseMap's (Existing PulseMaps). */
export type ItemsOf = "stream" | "pulsemap";

export const LOADING_ITEMS = "Loading items...";

/** The items list's one line of state: loading (`role="status"`) or empty. */
export function ItemsMessage({ text, role }: { text: string; role?: "status" }) {
  return (
    <p className="py-2 text-sm text-muted-foreground">
      <span role={role}>{text}</span>
    </p>
  );
}
