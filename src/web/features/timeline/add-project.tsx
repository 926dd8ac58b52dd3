import { Loader2, Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { onDemand, useOnDemandOnPress, usePrefetch } from "@/lib/on-demand";
import type { NewProject } from "./use-timeline-projects";

/**
 * The Add Project dialog's code (Radix's dialog, select and radio group, the date pickers) was most of what the
 * timeline page downloaded before its first paint, for a dialog that opens only on a press: it is fetched once the
 * page is shown.
 */
const addProjectDialog = onDemand(() =>
  import("./add-project-dialog").then((module) => module.AddProjectDialog),
);

/**
 * The header's "Add Project" button (SPEC §2). Until its first press it is a plain button; the press mounts the
 * dialog, opened, with its own trigger in the button's place. Pressed before the code is here, the button shows it
 * is busy; a failed fetch is said next to it, and the next press fetches again.
 */
export function AddProject({ onAdd }: { onAdd: (project: NewProject) => void }) {
  usePrefetch(addProjectDialog);
  const { value: AddProjectDialog, pending, failed, press } = useOnDemandOnPress(addProjectDialog);
  const errorId = useId();
  if (AddProjectDialog) return <AddProjectDialog onAdd={onAdd} />;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-busy={pending}
        aria-describedby={failed ? errorId : undefined}
        onClick={press}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
        Add Project
      </Button>
      {failed && (
        <p id={errorId} role="alert" className="max-w-64 text-right text-sm text-destructive">
          The form could not be loaded. Please check your connection and try again.
        </p>
      )}
    </div>
  );
}
