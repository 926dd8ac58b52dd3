import {
  useId,
  useRef,
  useState,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactNode,
  type RefObject,
} from "react";
import { useOnDemandOnPress, type OnDemand } from "@/lib/on-demand";

/**
 * What the control opens. The stand-in opens as Radix's trigger of that kind does: a listbox (select) on a mouse's
 * press, a finger's or a pen's release (a touch may start a scroll), Space, Enter or an up or down arrow; a menu on
 * the main button's press of any pointer, Enter, Space or the down arrow; a dialog on a click (which Enter and Space
 * make on a button).
 */
export type OnDemandPopup = "listbox" | "menu" | "dialog";

const OPEN_KEYS = { listbox: /^( |Enter|ArrowUp|ArrowDown)$/, menu: /^( |Enter|ArrowDown)$/, dialog: /^$/ };

/** The attributes and handlers the stand-in's look puts on its button, beside its own (its name, its look). */
export interface StandInProps {
  type: "button";
  role: "combobox" | undefined;
  "aria-haspopup": "menu" | "dialog" | undefined;
  "aria-autocomplete": "none" | undefined;
  "aria-expanded": false;
  /** Pressed, and the code is on its way: the look shows it too (a spinner in place of its icon). */
  "aria-busy": boolean;
  "aria-describedby": string | undefined;
  "data-state": "closed";
  onPointerDown: PointerEventHandler<HTMLButtonElement>;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onKeyDown: KeyboardEventHandler<HTMLButtonElement>;
  onFocus: FocusEventHandler<HTMLButtonElement>;
  onBlur: FocusEventHandler<HTMLButtonElement>;
}

/** How the real control takes the stand-in's place. */
export interface Opening {
  /** It was pressed: the control shows opened. */
  open: boolean;
  /** The stand-in had the focus when the control took its place unopened: the control takes it. */
  autoFocus: boolean;
  /**
   * True when the press was a key. Radix starts a menu opened from the keyboard on its first item only for a key it
   * saw itself; a control that does so on its own clears this, so that later presses by pointer do not.
   */
  openedByKey: RefObject<boolean>;
}

/**
 * The trigger of a control whose code is fetched on demand (a select, a menu, a dialog; lib/on-demand.ts). Until the
 * code is here it shows the control's look (`look`) as a plain button, closed; pressed then, by pointer or by key
 * (`OnDemandPopup`), it is busy (aria-busy) and the control (`control`) takes its place opened once the code arrives.
 * A failed fetch is said beside it (`failedText`, which describes it), and the next press fetches again. Without
 * `beforePress` the control takes its place only on the first press (so a table of rows mounts no menus); the page
 * prefetches the code (`usePrefetch`). With it, the code is fetched once the page's content is shown and the control
 * takes its place when it arrives, with the focus if the stand-in had it.
 */
export function OnDemandTrigger<T>({
  code,
  popup,
  beforePress = false,
  look,
  control,
  failedText,
  messageClassName = "mt-1",
}: {
  code: OnDemand<T>;
  popup: OnDemandPopup;
  beforePress?: boolean;
  look: (props: StandInProps) => ReactNode;
  control: (code: T, opening: Opening) => ReactNode;
  failedText: string;
  /** Where the failure message sits beside the trigger (its margin, its alignment). */
  messageClassName?: string;
}) {
  const { value, pressed, pending, failed, press } = useOnDemandOnPress(code, { beforePress });
  const [focused, setFocused] = useState(false);
  const openedByKey = useRef(false);
  const mouse = useRef(false);
  const errorId = useId();
  if (value !== undefined)
    return control(value, { open: pressed, autoFocus: focused && !pressed, openedByKey });
  const listbox = popup === "listbox";
  return (
    <>
      {look({
        type: "button",
        role: listbox ? "combobox" : undefined,
        "aria-haspopup": listbox ? undefined : popup,
        "aria-autocomplete": listbox ? "none" : undefined,
        "aria-expanded": false,
        "aria-busy": pending,
        "aria-describedby": failed ? errorId : undefined,
        "data-state": "closed",
        onFocus: () => setFocused(true),
        onBlur: () => setFocused(false),
        onKeyDown: (event) => {
          if (!OPEN_KEYS[popup].test(event.key)) return;
          event.preventDefault();
          openedByKey.current = true;
          press();
        },
        onPointerDown: (event) => {
          mouse.current = event.pointerType === "mouse";
          if (popup === "dialog" || (listbox && !mouse.current) || event.button || event.ctrlKey) return;
          // The popup, not the trigger, takes the focus (a select's trigger takes it back, as Radix's does).
          event.preventDefault();
          if (listbox) event.currentTarget.focus();
          press();
        },
        onClick: (event) => {
          if (listbox) event.currentTarget.focus();
          if (popup === "dialog" || (listbox && !mouse.current)) press();
        },
      })}
      {failed && (
        <p id={errorId} role="alert" className={`text-sm text-destructive ${messageClassName}`}>
          {failedText}
        </p>
      )}
    </>
  );
}
