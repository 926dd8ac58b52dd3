import { Badge } from "@/components/ui/badge";
import type { AdminRole } from "./constants";

/** SPEC §6: admin red, project_manager blue, team_lead green, member grey. */
export const ROLE_COLOUR = {
  admin: "red",
  project_manager: "blue",
  team_lead: "green",
  member: "grey",
} as const satisfies Record<AdminRole, "red" | "blue" | "green" | "grey">;

/** A user's admin role as a coloured badge showing SPEC's role word. */
export function RoleBadge({ role }: { role: AdminRole }) {
  const variant = ROLE_COLOUR[role];
  return (
    <Badge variant={variant} data-colour={variant}>
      {role}
    </Badge>
  );
}
