import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";
import type { RaciRole, WorkItemStatus } from "./constants";

/** SPEC §4: green completed, blue in-progress, red blocked, grey otherwise. */
const STATUS_COLOUR = { completed: "green", "in-progress": "blue", blocked: "red" } as const;

/** A work item's status as a coloured badge showing the status word. */
export function StatusBadge({ status, ...props }: { status: WorkItemStatus } & ComponentProps<"span">) {
  const variant = STATUS_COLOUR[status as keyof typeof STATUS_COLOUR] ?? "grey";
  return (
    <Badge variant={variant} data-colour={variant} {...props}>
      {status}
    </Badge>
  );
}

/** SPEC §4: responsible blue, accountable red, consulted yellow, informed green, other grey. */
const ROLE_COLOUR: Record<RaciRole, "blue" | "red" | "yellow" | "green"> = {
  responsible: "blue",
  accountable: "red",
  consulted: "yellow",
  informed: "green",
};

export function RaciRoleBadge({ role }: { role: string }) {
  const variant = ROLE_COLOUR[role as RaciRole] ?? "grey";
  return (
    <Badge variant={variant} data-colour={variant}>
      {role}
    </Badge>
  );
}
