import { cn } from "@/lib/cn";
import { avatars, initials } from "./timeline-model";

/** Initials in a circle; the full name is the accessible name and the tooltip. */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-full border-2 border-background bg-secondary text-xs font-semibold text-secondary-foreground",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

/** SPEC §2/§9: up to 3 members' initials, then "+N" for the rest. */
export function MemberAvatars({ team }: { team: readonly string[] }) {
  const { shown, extra } = avatars(team);
  return (
    <div className="flex -space-x-2" data-testid="member-avatars">
      {shown.map((name, index) => (
        <InitialsAvatar key={`${name}-${index}`} name={name} />
      ))}
      {extra > 0 && (
        <span
          role="img"
          aria-label={`${extra} more members`}
          className="inline-flex size-8 items-center justify-center rounded-full border-2 border-background bg-muted text-xs font-semibold"
        >
          +{extra}
        </span>
      )}
    </div>
  );
}
