import { ShieldAlert } from "lucide-react";
import { useId, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";
import { toast } from "@/lib/toast";
import type { AdminUser } from "./demo-data";
import { IMPERSONATION_ERROR_TEXT, type Impersonation } from "./use-impersonation";

const userLabel = (u: AdminUser) => `${u.first_name} ${u.last_name} (${u.email})`;

interface ImpersonationTabProps {
  users: readonly AdminUser[];
  impersonation: Impersonation;
}

/** SPEC §2/§4/§5 Impersonation tool (demo): choose a user, give a reason, start; nothing is sent anywhere. */
export function ImpersonationTab({ users, impersonation }: ImpersonationTabProps) {
  const id = useId();
  const { userId, setUserId, reason, setReason, active, canStart, start } = impersonation;
  const options: SelectOption[] = users.map((u) => ({ value: u.id, label: userLabel(u) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!start()) toast.error("Error", { description: IMPERSONATION_ERROR_TEXT });
  };

  // With the start button disabled the browser drops Enter's implicit submission silently; submit anyway so a
  // keyboard user hears why nothing started (SPEC §5's error toast).
  const onReasonKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="max-w-xl space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          User Impersonation
        </h2>
        <p className="text-sm text-muted-foreground">
          See Pulse as another user would (demo mode). Impersonation sessions are monitored and logged.
        </p>
      </div>
      <fieldset disabled={active} className="min-w-0 space-y-4">
        <Field id={`${id}-user`} label="User to impersonate">
          <OptionSelect
            id={`${id}-user`}
            placeholder="Select a user"
            value={userId}
            onValueChange={setUserId}
            options={options}
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason for impersonation">
          <Input
            id={`${id}-reason`}
            placeholder="e.g. Investigating a reported notification issue"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={onReasonKeyDown}
          />
        </Field>
        <Button type="submit" variant="destructive" disabled={!canStart}>
          <ShieldAlert aria-hidden="true" />
          Start Impersonation
        </Button>
      </fieldset>
    </form>
  );
}
