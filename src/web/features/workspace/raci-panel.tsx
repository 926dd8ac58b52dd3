import { useId, useState, type ComponentProps, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/label";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/lib/toast";
import { RACI_ROLES } from "./constants";
import {
  DEMO_PROJECT_NAMES,
  DEMO_TASKS,
  DEMO_USERS,
  type RaciAssignment,
  type RaciTask,
  type RaciUser,
} from "./demo-data";
import { RaciRoleBadge } from "./status-badge";

export const RACI_EMPTY_TEXT = "No RACI assignments found (Demo mode - database tables need to be created)";

const taskLabel = (t: RaciTask) => `${t.title} (${t.project_name})`;
const userLabel = (u: RaciUser) => `${u.first_name} ${u.last_name} (${u.email})`;

interface RaciPanelProps {
  /** Always empty in the product (demo mode); a test passes rows to reach the update action. */
  assignments?: readonly RaciAssignment[];
}

/** SPEC §2 RACI panel: demo create and update that only toast (SPEC §5, §8). */
export function RaciPanel({ assignments = [] }: RaciPanelProps) {
  return (
    <div className="space-y-6">
      <RaciCreateForm />
      <RaciTable assignments={assignments} />
    </div>
  );
}

function RaciCreateForm() {
  const id = useId();
  const [task, setTask] = useState("");
  const [user, setUser] = useState("");
  const [role, setRole] = useState("");
  const [project, setProject] = useState("");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!task || !user || !role) {
      toast.error("Error", { description: "Please select task, user, and role" });
      return;
    }
    // Demo mode: nothing is stored, so the table stays empty.
    toast.success("Success", { description: "RACI assignment created successfully (demo mode)" });
    setTask("");
    setUser("");
    setRole("");
    setProject("");
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-md border p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Create RACI Assignment
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledSelect
          id={`${id}-task`}
          label="Task"
          placeholder="Select a task"
          value={task}
          onValueChange={setTask}
          options={TASK_OPTIONS}
        />
        <LabelledSelect
          id={`${id}-user`}
          label="User"
          placeholder="Select a user"
          value={user}
          onValueChange={setUser}
          options={USER_OPTIONS}
        />
        <LabelledSelect
          id={`${id}-role`}
          label="Role"
          placeholder={ROLE_PLACEHOLDER}
          value={role}
          onValueChange={setRole}
          options={ROLE_OPTIONS}
        />
        <LabelledSelect
          id={`${id}-project`}
          label="Project (optional)"
          placeholder="Select a project"
          value={project}
          onValueChange={setProject}
          options={PROJECT_OPTIONS}
        />
      </div>
      <Button type="submit">Create Assignment</Button>
    </form>
  );
}

const TASK_OPTIONS: SelectOption[] = DEMO_TASKS.map((t) => ({ value: t.id, label: taskLabel(t) }));
const USER_OPTIONS: SelectOption[] = DEMO_USERS.map((u) => ({ value: u.id, label: userLabel(u) }));
const ROLE_OPTIONS: SelectOption[] = RACI_ROLES.map((r) => ({ value: r, label: r }));
const PROJECT_OPTIONS: SelectOption[] = DEMO_PROJECT_NAMES.map((name) => ({ value: name, label: name }));
const ROLE_PLACEHOLDER = "Select a role";

function LabelledSelect({
  label,
  ...choice
}: ComponentProps<typeof OptionSelect> & { id: string; label: string }) {
  return (
    <Field id={choice.id} label={label}>
      <OptionSelect {...choice} />
    </Field>
  );
}

/** The assignments; changing a row's role is the demo update action. */
export function RaciTable({ assignments }: { assignments: readonly RaciAssignment[] }) {
  return (
    <Table>
      <caption className="mb-2 text-left font-semibold">RACI Assignments</caption>
      <TableColumns columns={["Task", "Project", "User", "Role", "Actions"]} />
      <TableBody>
        {assignments.length === 0 ? (
          <TableRow>
            <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
              {RACI_EMPTY_TEXT}
            </TableCell>
          </TableRow>
        ) : (
          assignments.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{a.task.title}</TableCell>
              <TableCell>{a.task.project_name}</TableCell>
              <TableCell>
                {a.user_profile.first_name} {a.user_profile.last_name}
                <span className="block text-xs text-muted-foreground">{a.user_profile.email}</span>
              </TableCell>
              <TableCell>
                <RaciRoleBadge role={a.raci_role} />
              </TableCell>
              <TableCell className="min-w-40">
                <OptionSelect
                  aria-label={`Change role for ${a.task.title}`}
                  placeholder={ROLE_PLACEHOLDER}
                  options={ROLE_OPTIONS}
                  value=""
                  onValueChange={() =>
                    // Demo mode: nothing is stored; the row keeps its role.
                    toast.success("Success", {
                      description: "RACI assignment updated successfully (demo mode)",
                    })
                  }
                />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
