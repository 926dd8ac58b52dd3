import { Loader2, MoreHorizontal } from "lucide-react";
import { useId, useRef, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { onDemand, useOnDemandOnPress } from "@/lib/on-demand";

/**
 * The rows' menu code (Radix's menu, with its popper, focus and dismiss layers) was half of what the streams page
 * downloaded before its first paint, for a menu that opens only on a press: it is fetched once the page is shown
 * (the candidates card prefetches it).
 */
export const candidateMenu = onDemand(() =>
  import("./candidate-menu").then((module) => module.CandidateMenu),
);

/** Keys that open a menu button (Radix's trigger: Enter, Space, ArrowDown). */
const MENU_OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/** The row's menu button, as the plain button and as the menu's trigger. */
export type MenuButton = (props: ComponentProps<typeof Button>) => React.JSX.Element;

/**
 * A row's actions menu. Fifty rows each holding a Radix DropdownMenu were most of the page's main-thread work when
 * the candidates arrived, so a row shows a plain menu button and mounts the menu on the first press, opened. Later
 * presses reach Radix's trigger itself; the first one, by pointer or by key, behaves as Radix's would (the first item
 * takes the focus when the menu was opened from the keyboard). Pressed before the menu's code is here, the button
 * shows it is busy; a failed fetch is said under it, and the next press fetches again.
 */
export function CandidateActions({
  name,
  creating,
  onCreate,
}: {
  name: string;
  creating: boolean;
  onCreate: () => void;
}) {
  const { value: CandidateMenu, pending, failed, press } = useOnDemandOnPress(candidateMenu);
  const openedByKey = useRef(false);
  const errorId = useId();
  const button: MenuButton = (props) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={`Actions for ${name}`}
      aria-busy={creating || pending}
      {...props}
    >
      {creating || pending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <MoreHorizontal aria-hidden="true" />
      )}
    </Button>
  );

  if (CandidateMenu)
    return (
      <CandidateMenu button={button} creating={creating} onCreate={onCreate} openedByKey={openedByKey} />
    );
  return (
    <>
      {button({
        "aria-haspopup": "menu",
        "aria-expanded": false,
        "aria-describedby": failed ? errorId : undefined,
        onPointerDown: (event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          press();
        },
        onKeyDown: (event) => {
          if (!MENU_OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          openedByKey.current = true;
          press();
        },
      })}
      {failed && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
          The menu could not be loaded. Please check your connection and try again.
        </p>
      )}
    </>
  );
}
