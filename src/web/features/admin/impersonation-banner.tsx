import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AdminUser } from "./demo-data";

interface ImpersonationBannerProps {
  user: AdminUser;
  reason: string;
  onStop: () => void;
}

/** SPEC §2: the "IMPERSONATION ACTIVE" banner, naming the user and saying the session is monitored and logged. */
export function ImpersonationBanner({ user, reason, onStop }: ImpersonationBannerProps) {
  return (
    <section
      aria-labelledby="impersonation-banner-title"
      className="flex flex-col gap-3 rounded-md border border-red-600 bg-red-600/15 p-4 text-red-800 sm:flex-row sm:items-center sm:justify-between dark:text-red-200"
    >
      <div className="flex gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1 text-sm">
          <h2 id="impersonation-banner-title" className="font-bold tracking-wide">
            IMPERSONATION ACTIVE
          </h2>
          <p>
            You are viewing Pulse as{" "}
            <strong>
              {user.first_name} {user.last_name}
            </strong>{" "}
            ({user.email}). Reason: {reason.trim()}
          </p>
          <p>This session is monitored and logged.</p>
        </div>
      </div>
      <Button type="button" variant="outline" onClick={onStop} className="text-foreground">
        Stop Impersonation
      </Button>
    </section>
  );
}
