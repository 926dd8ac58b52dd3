import type { UseQueryResult } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { formatDay, parseIsoDate } from "@/lib/format-date";
import { displayName, type StreamItem, type StreamItemsList } from "@shared/streams";
import { SourceApp } from "./source-apps";
import { ItemsMessage, LOADING_ITEMS, type ItemsOf } from "./stream-items-message";
import { NOT_THIS_PROJECT, useTakeItemOut } from "./use-take-item-out";

export const itemsOfLabel = (name: string) => `Items of ${name}`;
export const NO_ITEMS = "No items found";
export const itemsErrorText = (message: string) => `Error loading items: ${message}`;

/** Whether the keyboard focus fell back to the page: the focused element was removed. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * What a Stream (or a PulseMap) holds: each item as its tool shows it, with its app, when it was seen and why it was
 * grouped here, and "Not this project" to take it out. Fetched on demand when a row is first opened
 * (stream-items-row.tsx).
 */
export function StreamItemsPanel({
  name,
  items,
  of,
  firstItemId,
  onFirstItemOut,
  autoFocus = false,
}: {
  name: string;
  items: UseQueryResult<StreamItemsList>;
  of: ItemsOf;
  /** The item a candidate is known by (its alias_id): the list's first, in the server's order. */
  firstItemId?: string;
  /** Called with the next item when the first is taken out: the Stream is known by that one from now on. */
  onFirstItemOut?: (next: string) => void;
  autoFocus?: boolean;
}) {
  const group = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const list = items.data?.items;
  // An item taken out leaves the list with the button that was pressed: the keyboard focus then stays in the list
  // rather than falling back to the top of the page. The fresh list may be shown before or after the correction
  // ends, so the focus is moved by whichever comes second.
  const refocus = useRef(autoFocus);
  const { busy, failures, takeOut } = useTakeItemOut(of, (item) => {
    const next = list?.find((other) => other.id !== item.id);
    if (item.id === firstItemId && next && onFirstItemOut) return onFirstItemOut(next.id);
    if (focusLost()) group.current?.focus();
    else refocus.current = true;
  });
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (focusLost()) group.current?.focus();
  }, [list]);

  return (
    <div
      ref={group}
      role="group"
      aria-label={itemsOfLabel(name)}
      tabIndex={-1}
      className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {items.isError && (
        // A failed refresh keeps the items already shown; a first load that failed shows only this.
        <div className="flex flex-wrap items-center gap-3 py-2">
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {itemsErrorText(items.error.message)}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-describedby={errorId}
            onClick={() => void items.refetch()}
          >
            Try again
          </Button>
        </div>
      )}
      {list === undefined ? (
        !items.isError && <ItemsMessage text={LOADING_ITEMS} role="status" />
      ) : list.length === 0 ? (
        <ItemsMessage text={NO_ITEMS} />
      ) : (
        <ul className="divide-y divide-border">
          {list.map((item) => (
            <ItemLine
              key={item.id}
              item={item}
              busy={busy.has(item.id)}
              failure={failures[item.id]}
              onTakeOut={() => void takeOut(item)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemLine({
  item,
  busy,
  failure,
  onTakeOut,
}: {
  item: StreamItem;
  busy: boolean;
  failure: string | undefined;
  onTakeOut: () => void;
}) {
  const nameId = useId();
  const failureId = useId();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5">
      <span className="flex w-12 shrink-0 items-center gap-1">
        <SourceApp app={item.source_app} />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p id={nameId} className="break-words font-medium">
          {displayName(item.raw_name)}
        </p>
        {item.reason && <p className="text-xs text-muted-foreground">{item.reason}</p>}
      </div>
      <time dateTime={item.seen_at} className="whitespace-nowrap text-muted-foreground">
        {formatDay(parseIsoDate(item.seen_at))}
      </time>
      {/* aria-disabled rather than disabled while it works: a disabled button would drop the keyboard focus. */}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        aria-describedby={failure ? `${nameId} ${failureId}` : nameId}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onTakeOut();
        }}
      >
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {NOT_THIS_PROJECT}
      </Button>
      {failure && (
        <p id={failureId} role="alert" className="basis-full text-sm text-destructive">
          {failure}
        </p>
      )}
    </li>
  );
}
