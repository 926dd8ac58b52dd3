import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { AsanaProject, AsanaSyncPreferences } from "@shared/connectors";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useRealtimeChannel } from "@/lib/realtime";
import { toast } from "@/lib/toast";
import {
  asanaPreferencesKey,
  asanaProjectsKey,
  saveAsanaPreferences,
  useAsanaPreferences,
  useAsanaProjects,
} from "./api/asana";
import {
  ASANA_PREFERENCES_SAVED,
  NO_PROJECTS,
  SAVE_PREFERENCES_FAILED,
  SESSION_EXPIRED,
  SIGN_IN_AGAIN,
} from "./messages";

type Mode = "all" | "selected";

interface AsanaPreferencesSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC §2/§4 Asana Sync Preferences: sync all projects or the ticked ones. The project list (user_identities) and
 * the current choice (project_sync_preferences) come from the server and stay current through realtime while the
 * panel is open.
 */
export function AsanaPreferencesSheet({ open, onOpenChange }: AsanaPreferencesSheetProps) {
  const { user } = useAuth();
  const projects = useAsanaProjects(open);
  const preferences = useAsanaPreferences(open);
  useRealtimeChannel("user_identities", { invalidate: [asanaProjectsKey(user?.id)], enabled: open });
  useRealtimeChannel("project_sync_preferences", {
    invalidate: [asanaPreferencesKey(user?.id)],
    enabled: open,
  });
  // Data, not isSuccess: a failed refresh of a choice already read keeps the form and what the user is editing.
  const saved = preferences.data;
  const savedUnknown = saved === undefined && preferences.isError;
  const ready = projects.isSuccess && (saved !== undefined || savedUnknown);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetTitle>Asana Sync Preferences</SheetTitle>
        <SheetDescription>Choose which Asana projects Pulse syncs.</SheetDescription>
        {savedUnknown && <SavedChoiceUnknown onRetry={() => void preferences.refetch()} />}
        {ready ? (
          // A new saved choice (this tab or another, or a retry) restarts the form from it.
          <PreferencesForm
            key={JSON.stringify(saved ?? null)}
            projects={projects.data.projects}
            saved={saved ?? null}
            onSaved={() => onOpenChange(false)}
          />
        ) : projects.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your Asana projects.
          </p>
        ) : (
          <Spinner className="py-12" />
        )}
      </SheetContent>
    </Sheet>
  );
}

/**
 * The saved choice could not be read. Opening on "all" would let Save overwrite what the user chose, so the form
 * stays locked, with nothing chosen, until a retry (or a realtime refresh) reads it.
 */
function SavedChoiceUnknown({ onRetry }: { onRetry: () => void }) {
  const id = useId();
  return (
    <div className="grid justify-items-start gap-3 rounded-md border border-destructive/60 bg-destructive/10 p-4 text-sm">
      <p role="alert" id={id} className="font-medium">
        Could not load your saved Asana sync preferences, so they cannot be changed yet.
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry} aria-describedby={id}>
        Try again
      </Button>
    </div>
  );
}

function PreferencesForm({
  projects,
  saved,
  onSaved,
}: {
  projects: readonly AsanaProject[];
  /** Null while the saved choice is unknown: nothing is chosen and nothing can be saved. */
  saved: AsanaSyncPreferences | null;
  onSaved: () => void;
}) {
  const id = useId();
  const { user, session } = useAuth();
  const queryClient = useQueryClient();
  const locked = saved === null;
  const [mode, setMode] = useState<Mode | null>(saved && (saved.sync_all ? "all" : "selected"));
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(saved?.selected_project_ids ?? []),
  );
  const [saving, setSaving] = useState(false);

  const tick = (gid: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(gid);
      else next.delete(gid);
      return next;
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || locked) return;
    if (!user || !session) {
      toast.error(SIGN_IN_AGAIN);
      return;
    }
    setSaving(true);
    const syncAll = mode === "all";
    const body = {
      user_id: user.id,
      sync_all: syncAll,
      // Only ticks of projects still listed are sent.
      selected_project_ids: syncAll ? [] : projects.map((p) => p.gid).filter((gid) => selected.has(gid)),
    };
    try {
      await saveAsanaPreferences(body);
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.status === 401) {
        toast.error(SESSION_EXPIRED.title, { description: SESSION_EXPIRED.description });
      } else {
        toast.error(SAVE_PREFERENCES_FAILED);
      }
      return;
    }
    queryClient.setQueryData<AsanaSyncPreferences>(asanaPreferencesKey(user.id), {
      sync_all: body.sync_all,
      selected_project_ids: body.selected_project_ids,
    });
    toast.success(ASANA_PREFERENCES_SAVED.title, { description: ASANA_PREFERENCES_SAVED.description });
    onSaved();
  };

  return (
    <form onSubmit={save} className="grid gap-6" aria-labelledby={`${id}-mode`}>
      <fieldset className="grid gap-3">
        <legend id={`${id}-mode`} className="mb-2 text-sm font-medium">
          Sync mode
        </legend>
        <RadioGroup
          value={mode ?? ""}
          onValueChange={(v) => setMode(v as Mode)}
          disabled={locked}
          aria-labelledby={`${id}-mode`}
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem value="all" id={`${id}-all`} />
            <Label htmlFor={`${id}-all`}>Sync all projects</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="selected" id={`${id}-selected`} />
            <Label htmlFor={`${id}-selected`}>Sync selected projects</Label>
          </div>
        </RadioGroup>
      </fieldset>

      {mode === "selected" && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Projects</legend>
          {projects.length === 0 ? (
            <p className="text-sm text-muted-foreground">{NO_PROJECTS}</p>
          ) : (
            // SPEC §2: a list area about 12rem tall.
            <ul className="h-48 space-y-2 overflow-y-auto rounded-md border p-3" aria-label="Asana projects">
              {projects.map((p) => (
                <li key={p.gid} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-p-${p.gid}`}
                    checked={selected.has(p.gid)}
                    onCheckedChange={(checked) => tick(p.gid, checked === true)}
                  />
                  <Label htmlFor={`${id}-p-${p.gid}`} className="font-normal">
                    {p.name}
                  </Label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}

      <Button type="submit" disabled={saving || locked}>
        {saving ? "Saving..." : "Save Preferences"}
      </Button>
    </form>
  );
}
