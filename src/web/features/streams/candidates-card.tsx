import { Loader2 } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SpecAlert } from "@/components/ui/spec-alert";
import { Table, TableBody, TableCell, TableColumns, TableMessageRow, TableRow } from "@/components/ui/table";
import { usePrefetch } from "@/lib/on-demand";
import { displayName, type ProjectCandidate } from "@shared/streams";
import { CandidateActions, candidateMenu } from "./candidate-actions";
import { SourceApps } from "./source-apps";
import { CandidateItemsRow, ItemsDisclosureCell } from "./stream-items-row";
import { useCandidates } from "./streams-api";
import { useCreatePulseMap } from "./use-create-pulsemap";

export const LOADING_CANDIDATES = "Loading PulseMap candidates...";
export const NO_CANDIDATES = "No project candidates found";
export const candidatesErrorText = (message: string) => `Error loading project candidates: ${message}`;

const COLUMNS = ["Stream Name", "Candidates", "Source Apps", "Actions"] as const;

/** SPEC §2 Streams page, New Items tab: the "PulseMap Candidates" card. */
export function CandidatesCard() {
  const titleId = useId();
  const moreErrorId = useId();
  const query = useCandidates();
  // A screen of fifty rows drawn at once was the page's longest task after its first paint. Drawn from a deferred
  // copy of the query, it is rendered in slices between the browser's other work, the table keeping what it shows
  // until the rows are ready; presses act on the query itself.
  const candidates = useDeferredValue(query);
  const pulseMap = useCreatePulseMap();
  usePrefetch(candidateMenu);
  // The opened rows, by alias_id; and the row whose items take the focus when they show (see `renamed`).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const rows = candidates.data?.pages.flatMap((page) => page.candidates) ?? [];
  const { moreError, busy } = moreState(candidates);
  const showMoreError = moreError !== null && !busy;

  function loadMore() {
    const now = moreState(query);
    if (now.busy) return;
    if (now.moreError !== null && !query.isFetchNextPageError) void query.refetch();
    else void query.fetchNextPage();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          PulseMap Candidates
        </CardTitle>
        <CardDescription>Review and create PulseMaps from discovered Streams</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <SpecAlert alert={pulseMap.alert} />
        <Table aria-labelledby={titleId}>
          <TableColumns columns={COLUMNS} />
          <TableBody>
            {candidates.isPending ? (
              <TableMessageRow colSpan={COLUMNS.length} text={LOADING_CANDIDATES} role="status" />
            ) : candidates.isError && moreError === null ? (
              <TableMessageRow
                colSpan={COLUMNS.length}
                text={candidatesErrorText(candidates.error.message)}
                role="alert"
              />
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={COLUMNS.length} text={NO_CANDIDATES} />
            ) : (
              rows.map((candidate) => (
                <CandidateRow
                  key={candidate.alias_id}
                  candidate={candidate}
                  creating={pulseMap.creating === candidate.alias_id}
                  onCreate={() => void pulseMap.create(candidate)}
                  expanded={opened.has(candidate.alias_id)}
                  itemsFocused={focusOn === candidate.alias_id}
                  onToggle={() => {
                    setFocusOn(null);
                    setOpened((current) => toggled(current, candidate.alias_id));
                  }}
                  onRenamed={(next) => {
                    // The Stream's first item was taken out: the Stream is now the row of `next`, which stays
                    // open with the focus in its list, while the taken-out item's own row closes.
                    setFocusOn(next);
                    setOpened((current) => toggled(toggled(current, candidate.alias_id), next));
                  }}
                />
              ))
            )}
          </TableBody>
        </Table>
        {(candidates.hasNextPage || moreError !== null) && (
          <div className="flex flex-col items-center gap-2">
            {showMoreError && (
              <p id={moreErrorId} role="alert" className="text-sm text-destructive">
                {candidatesErrorText(moreError.message)}
              </p>
            )}
            {/* One button for both, and aria-disabled rather than disabled while loading: a button that turned
                disabled or was swapped for another would drop the keyboard focus of whoever pressed it. */}
            <Button
              type="button"
              variant="outline"
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              aria-disabled={busy || undefined}
              aria-describedby={showMoreError ? moreErrorId : undefined}
              onClick={loadMore}
            >
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {moreError !== null ? "Try again" : "Show more candidates"}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * With screens already shown, a failure (of "Show more", or of refreshing them when the tab comes back) keeps them
 * on the page: the error goes by the button, which then tries again. Only a first load fails in the table.
 */
function moreState(candidates: ReturnType<typeof useCandidates>): { moreError: Error | null; busy: boolean } {
  const moreError = candidates.isError && candidates.data !== undefined ? candidates.error : null;
  return { moreError, busy: candidates.isFetchingNextPage || (moreError !== null && candidates.isFetching) };
}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** A candidate, and under it, once its name is pressed, the items of its Stream (issue 38). */
function CandidateRow({
  candidate,
  creating,
  onCreate,
  expanded,
  itemsFocused,
  onToggle,
  onRenamed,
}: {
  candidate: ProjectCandidate;
  creating: boolean;
  onCreate: () => void;
  expanded: boolean;
  itemsFocused: boolean;
  onToggle: () => void;
  onRenamed: (aliasId: string) => void;
}) {
  const name = displayName(candidate.raw_name);
  const itemsId = useId();
  return (
    <>
      <TableRow>
        <ItemsDisclosureCell name={name} expanded={expanded} controls={itemsId} onToggle={onToggle} />
        <TableCell>{candidate.alias_count}</TableCell>
        <TableCell>
          <SourceApps apps={candidate.source_apps} />
        </TableCell>
        <TableCell>
          <CandidateActions name={name} creating={creating} onCreate={onCreate} />
        </TableCell>
      </TableRow>
      {expanded && (
        <CandidateItemsRow
          id={itemsId}
          name={name}
          colSpan={COLUMNS.length}
          aliasId={candidate.alias_id}
          autoFocus={itemsFocused}
          onRenamed={onRenamed}
        />
      )}
    </>
  );
}
