import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";
import type { StreamItem } from "@shared/streams";
import type { ItemsOf } from "./stream-items-message";
import { createCorrection, streamsKeys, undoCorrection } from "./streams-api";

export const NOT_THIS_PROJECT = "Not this project";
export const UNDO = "Undo";
/** What the toast says once an item is out: of a Stream it is a Stream of its own; of a PulseMap, a New Item again. */
export const ITEM_MOVED: Record<ItemsOf, string> = {
  stream: "Item moved out of this Stream",
  pulsemap: "Item sent back to New Items",
};
export const ITEM_MOVED_BACK = "Item moved back";
export const takeOutFailed = (reason: string) => `Could not take the item out: ${reason}`;
export const undoFailed = (reason: string) => `Could not undo: ${reason}`;
/** Long enough to read the toast and reach its Undo (sonner also holds it while hovered or focused). */
export const UNDO_TOAST_MS = 10_000;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Not this project" (issue 38): the server keeps a correction and the resolver honours it. The lists are refreshed
 * (the item leaves this one and shows up where it now belongs), and a toast offers to undo it. One request per item
 * at a time; a refusal is said beside the item. `onMoved` runs once the lists are fresh.
 */
export function useTakeItemOut(of: ItemsOf, onMoved: (item: StreamItem) => void) {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});
  const inFlight = useRef(new Set<string>());

  const refresh = () => queryClient.invalidateQueries({ queryKey: streamsKeys.all });
  const mark = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function undo(correctionId: string): Promise<void> {
    try {
      await undoCorrection(correctionId);
    } catch (error) {
      toast.error(undoFailed(reasonOf(error)));
      return;
    }
    toast.message(ITEM_MOVED_BACK);
    await refresh();
  }

  async function takeOut(item: StreamItem): Promise<void> {
    if (!session || inFlight.current.has(item.id)) return;
    inFlight.current.add(item.id);
    mark(item.id, true);
    setFailures(({ [item.id]: _, ...others }) => others);
    try {
      const { correction } = await createCorrection(item.id);
      toast.message(ITEM_MOVED[of], {
        duration: UNDO_TOAST_MS,
        action: { label: UNDO, onClick: () => void undo(correction.id) },
      });
      await refresh();
      onMoved(item);
    } catch (error) {
      setFailures((current) => ({ ...current, [item.id]: takeOutFailed(reasonOf(error)) }));
    } finally {
      inFlight.current.delete(item.id);
      mark(item.id, false);
    }
  }

  return { busy, failures, takeOut };
}
