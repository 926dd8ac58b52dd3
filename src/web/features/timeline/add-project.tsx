import { Loader2, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { OnDemandTrigger } from "@/components/ui/on-demand-trigger";
import { onDemand, usePrefetch } from "@/lib/on-demand";
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
 * is busy; a failed fetch is said next to it, and the next press fetches again (OnDemandTrigger).
 */
export function AddProject({ onAdd }: { onAdd: (project: NewProject) => void }) {
  usePrefetch(addProjectDialog);
  return (
    <div className="flex flex-col items-end gap-1">
      <OnDemandTrigger
        code={addProjectDialog}
        popup="dialog"
        failedText="The form could not be loaded. Please check your connection and try again."
        messageClassName="max-w-64 text-right"
        control={(AddProjectDialog) => <AddProjectDialog onAdd={onAdd} />}
        look={(trigger) => (
          <Button {...trigger}>
            {trigger["aria-busy"] ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Plus aria-hidden="true" />
            )}
            Add Project
          </Button>
        )}
      />
    </div>
  );
}
