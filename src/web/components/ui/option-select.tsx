import { ChevronDown, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { afterContentPaint } from "@/lib/after-paint";
import { cn } from "@/lib/cn";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import type { OptionSelectProps } from "./select";
import { SELECT_TRIGGER_CLASS } from "./select-trigger";

export type { OptionSelectProps } from "./select";
export type { SelectOption } from "./select-trigger";

/**
 * Radix's select (with its popper, focus and dismiss layers: three files, about 27 KB gzip) was most of what
 * /settings and /project-manager downloaded before their first paint, for lists that open only on a press.
 */
const radixOptionSelect = onDemand(() => import("./select").then((module) => module.RadixOptionSelect));

/** Keys that open a select from its trigger (Radix's: Space, Enter and the up and down arrows). */
const OPEN_KEYS = new Set([" ", "Enter", "ArrowUp", "ArrowDown"]);

/**
 * A select over a list of value/label options; name it with <Label htmlFor={id}> or aria-label. Until Radix's code
 * is here its trigger is a plain combobox button that looks the same and shows the chosen option; the code is
 * fetched once the page's content is shown, and then Radix's select takes its place (with the focus, if the
 * trigger had it). A press before that, by pointer or by key, opens the list as soon as the code is here, the
 * trigger busy meanwhile; a failed fetch is said under it, and the next press fetches again.
 */
export function OptionSelect(props: OptionSelectProps) {
  const { id, value, placeholder, options, "aria-label": ariaLabel, className } = props;
  const [shown, setShown] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const pointerType = useRef("touch");
  const errorId = useId();
  useEffect(() => afterContentPaint(() => setShown(true)), []);
  const { value: RadixOptionSelect, failed, retry } = useOnDemand(radixOptionSelect, shown || pressed);

  if (RadixOptionSelect)
    return <RadixOptionSelect {...props} defaultOpen={pressed} autoFocus={focused && !pressed} />;

  const press = () => {
    setPressed(true);
    retry();
  };
  const label = options.find((o) => o.value === value)?.label;
  const pending = pressed && !failed;
  return (
    <>
      <button
        type="button"
        role="combobox"
        id={id}
        aria-label={ariaLabel}
        aria-expanded={false}
        aria-autocomplete="none"
        aria-busy={pending}
        aria-describedby={pressed && failed ? errorId : undefined}
        data-state="closed"
        data-placeholder={label === undefined ? "" : undefined}
        className={cn(SELECT_TRIGGER_CLASS, className)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        // As Radix's trigger: a mouse opens it on press, a finger or a pen on release (a touch may be a scroll).
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
          if (event.pointerType !== "mouse" || event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          event.currentTarget.focus();
          press();
        }}
        onClick={(event) => {
          event.currentTarget.focus();
          if (pointerType.current !== "mouse") press();
        }}
        onKeyDown={(event) => {
          if (!OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          press();
        }}
      >
        <span style={{ pointerEvents: "none" }}>{label ?? placeholder}</span>
        {pending ? (
          <Loader2 className="size-4 animate-spin opacity-60" aria-hidden="true" />
        ) : (
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        )}
      </button>
      {pressed && failed && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
          The options could not be loaded. Please check your connection and try again.
        </p>
      )}
    </>
  );
}
