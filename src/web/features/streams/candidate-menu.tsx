import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { Opening } from "@/components/ui/on-demand-trigger";
import type { MenuButton } from "./candidate-actions";

/** A candidate row's actions menu (SPEC §2), mounted opened on its button's first press (`CandidateActions`). */
export function CandidateMenu({
  button,
  creating,
  onCreate,
  opening: { open, openedByKey },
}: {
  button: MenuButton;
  creating: boolean;
  onCreate: () => void;
  opening: Opening;
}) {
  return (
    <DropdownMenu defaultOpen={open}>
      <DropdownMenuTrigger asChild>{button({})}</DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onFocus={(event) => {
          // Opened from the keyboard, a menu starts on its first item. Radix does that only for a key it saw, and
          // this one came before it mounted: when it focuses the menu itself, the first item takes the focus.
          if (!openedByKey.current || event.target !== event.currentTarget) return;
          openedByKey.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
        }}
      >
        <DropdownMenuItem disabled={creating} onSelect={onCreate}>
          Create New PulseMap
        </DropdownMenuItem>
        {/* SPEC §2: shown, always disabled. */}
        <DropdownMenuItem disabled>Merge with Existing PulseMap</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
