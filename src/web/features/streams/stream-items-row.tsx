import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import type { StreamItemsList } from "@shared/streams";
import { ItemsMessage, LOADING_ITEMS, type ItemsOf } from "./stream-items-message";
import { useCandidateItems, useProjectItems } from "./streams-api";

/**
 * The items list and its corrections ("Not this project", the toast and its Undo) are fetched when a row is first
 * opened: most visits open none, so they are not part of the page's first download.
 */
export const streamItemsPanel = onDemand(() =>
  import("./stream-items-panel").then((module) => module.StreamItemsPanel),
);

export const showItemsLabel = (name: string) => `Show items of ${name}`;
export const ITEMS_CODE_FAILED = "The items could not be loaded. Please check your connection and try again.";

/**
 * A row's name cell (SPEC's Stream Name or PulseMap Name) as the disclosure of its items: the name itself is the
 * button, so the whole name is the pointer's target and the column still shows only the name. The cell is named by
 * the name alone, so a screen reader's table navigation (and anything that finds a row by its name cell) reads the
 * Stream's name, not the button's longer label.
 */
export function ItemsDisclosureCell({
  name,
  expanded,
  controls,
  onToggle,
}: {
  name: string;
  expanded: boolean;
  /** The id of the row that shows the items, rendered only while expanded. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <TableCell className="font-medium" aria-label={name}>
      <button
        type="button"
        aria-label={showItemsLabel(name)}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        onClick={onToggle}
        className="-mx-1 inline-flex items-center gap-1.5 rounded-sm px-1 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn(
            "size-4 shrink-0 text-muted-foreground transition-transform",
            expanded && "rotate-90",
          )}
        />
        {name}
      </button>
    </TableCell>
  );
}

interface ItemsRowProps {
  /** The row's id, which the disclosure names in aria-controls. */
  id: string;
  name: string;
  colSpan: number;
  /** The list takes the keyboard focus when it shows (it replaces a list that held the focus). */
  autoFocus?: boolean;
}

/**
 * The full-width row under an opened candidate: the items of its Stream. A candidate is known by its Stream's first
 * item (alias_id): when that item is taken out, the Stream goes on under its next one, which `onRenamed` reports so
 * that the Stream's row, not the taken-out item's, stays open.
 */
export function CandidateItemsRow({
  aliasId,
  onRenamed,
  ...row
}: ItemsRowProps & { aliasId: string; onRenamed: (aliasId: string) => void }) {
  // Asked for at once, while the panel's code may still be on its way.
  const items = useCandidateItems(aliasId);
  return <ItemsRow {...row} items={items} of="stream" firstItemId={aliasId} onFirstItemOut={onRenamed} />;
}

/** The full-width row under an opened PulseMap: the items it gathered. */
export function ProjectItemsRow({ projectId, ...row }: ItemsRowProps & { projectId: string }) {
  const items = useProjectItems(projectId);
  return <ItemsRow {...row} items={items} of="pulsemap" />;
}

function ItemsRow({
  id,
  colSpan,
  ...panel
}: ItemsRowProps & {
  items: UseQueryResult<StreamItemsList>;
  of: ItemsOf;
  firstItemId?: string;
  onFirstItemOut?: (next: string) => void;
}) {
  const { value: Panel, failed, retry } = useOnDemand(streamItemsPanel);
  return (
    <TableRow id={id} className="bg-muted/30 hover:bg-muted/30">
      <TableCell colSpan={colSpan} className="px-4 py-3 sm:pl-9">
        {Panel ? (
          <Panel {...panel} />
        ) : failed ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-destructive">
              {ITEMS_CODE_FAILED}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <ItemsMessage text={LOADING_ITEMS} role="status" />
        )}
      </TableCell>
    </TableRow>
  );
}
