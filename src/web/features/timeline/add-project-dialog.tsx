import { Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupSwatch } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import {
  DEFAULT_TIMELINE_PRIORITY,
  DEFAULT_TIMELINE_STATUS,
  TIMELINE_COLORS,
  TIMELINE_PRIORITIES,
  TIMELINE_STATUSES,
  type TimelinePriority,
  type TimelineStatus,
} from "./constants";
import type { NewProject } from "./use-timeline-projects";

/** SPEC §5: title, start date and end date are required; nothing checks that the end is after the start. */
export const canAddProject = (title: string, start: Date | undefined, end: Date | undefined) =>
  title.trim().length > 0 && start !== undefined && end !== undefined;

/** The form lives inside the dialog's content, so closing the dialog (Cancel, ×, Escape, adding) resets it. */
function AddProjectForm({ onAdd }: { onAdd: (project: NewProject) => void }) {
  const id = useId();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [startDate, setStartDate] = useState<Date | undefined>();
  const [endDate, setEndDate] = useState<Date | undefined>();
  const [priority, setPriority] = useState<TimelinePriority>(DEFAULT_TIMELINE_PRIORITY);
  const [status, setStatus] = useState<TimelineStatus>(DEFAULT_TIMELINE_STATUS);
  const [color, setColor] = useState<string>(TIMELINE_COLORS[0].gradient);
  // SPEC §5: the team list starts with one empty entry.
  const [team, setTeam] = useState<string[]>([""]);
  const ready = canAddProject(title, startDate, endDate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onAdd({
      title: title.trim(),
      description: description.trim(),
      startDate: startDate!,
      endDate: endDate!,
      priority,
      status,
      color,
      // SPEC §5: empty team member names are dropped on save.
      team: team.map((name) => name.trim()).filter(Boolean),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Project Title</Label>
        <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-start`}>Start Date</Label>
          <DatePicker id={`${id}-start`} value={startDate} onChange={setStartDate} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-end`}>End Date</Label>
          <DatePicker id={`${id}-end`} value={endDate} onChange={setEndDate} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <Select value={priority} onValueChange={(v) => setPriority(v as TimelinePriority)}>
            <SelectTrigger id={`${id}-priority`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIMELINE_PRIORITIES.map((p) => (
                <SelectItem key={p} value={p}>
                  {p}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as TimelineStatus)}>
            <SelectTrigger id={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIMELINE_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="grid gap-2">
        <Label id={`${id}-color`}>Project Color</Label>
        <RadioGroup
          aria-labelledby={`${id}-color`}
          value={color}
          onValueChange={setColor}
          className="flex flex-wrap gap-2"
        >
          {TIMELINE_COLORS.map((swatch) => (
            <RadioGroupSwatch
              key={swatch.gradient}
              value={swatch.gradient}
              aria-label={swatch.name}
              className={swatch.gradient}
            />
          ))}
        </RadioGroup>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Team Members</legend>
        {team.map((name, index) => (
          <div key={index} className="flex gap-2">
            <Input
              aria-label={`Team member ${index + 1}`}
              placeholder="Member name"
              value={name}
              onChange={(e) => setTeam((all) => all.map((n, i) => (i === index ? e.target.value : n)))}
            />
            {team.length > 1 && (
              <Button
                type="button"
                variant="outline"
                aria-label={`Remove team member ${index + 1}`}
                onClick={() => setTeam((all) => all.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            )}
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setTeam((all) => [...all, ""])}
        >
          <Plus aria-hidden="true" />
          Add Team Member
        </Button>
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!ready}>
          Add Project
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * SPEC §2 Add Project dialog with the header's "Add Project" button that opens it. Its code is fetched on demand
 * (`AddProject`): it is mounted on the button's first press, opened.
 */
export function AddProjectDialog({ onAdd }: { onAdd: (project: NewProject) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Project
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Project</DialogTitle>
          <DialogDescription>Create a new project to track on your timeline</DialogDescription>
        </DialogHeader>
        <AddProjectForm
          onAdd={(project) => {
            onAdd(project);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
