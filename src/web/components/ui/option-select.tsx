import { ChevronDown, Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";
import { onDemand } from "@/lib/on-demand";
import { OnDemandTrigger } from "./on-demand-trigger";
import type { OptionSelectProps } from "./select";
import { SELECT_TRIGGER_CLASS } from "./select-trigger";

export type { OptionSelectProps } from "./select";
export type { SelectOption } from "./select-trigger";

/**
 * Radix's select (with its popper, focus and dismiss layers) was most of what
 * /settings and /project-manager downloaded before their first paint, for lists that open only on a press.
 */
const radixOptionSelect = onDemand(() => import("./select").then((module) => module.RadixOptionSelect));

/**
 * A select over a list of value/label options; name it with <Label htmlFor={id}> or aria-label. Until Radix's code
 * is here its trigger is a plain combobox button that looks the same and shows the chosen option; the code is
 * fetched once the page's content is shown, and then Radix's select takes its place (with the focus, if the
 * trigger had it). A press before that, by pointer or by key, opens the list as soon as the code is here, the
 * trigger busy meanwhile; a failed fetch is said under it, and the next press fetches again (OnDemandTrigger).
 */
export function OptionSelect(props: OptionSelectProps) {
  const { id, value, placeholder, options, "aria-label": ariaLabel, className } = props;
  const label = options.find((o) => o.value === value)?.label;
  return (
    <OnDemandTrigger
      code={radixOptionSelect}
      popup="listbox"
      beforePress
      failedText="The options could not be loaded. Please check your connection and try again."
      control={(RadixOptionSelect, { open, autoFocus }) => (
        <RadixOptionSelect {...props} defaultOpen={open} autoFocus={autoFocus} />
      )}
      look={(trigger) => (
        <button
          {...trigger}
          id={id}
          aria-label={ariaLabel}
          data-placeholder={label === undefined ? "" : undefined}
          className={cn(SELECT_TRIGGER_CLASS, className)}
        >
          <span style={{ pointerEvents: "none" }}>{label ?? placeholder}</span>
          {trigger["aria-busy"] ? (
            <Loader2 className="size-4 animate-spin opacity-60" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
          )}
        </button>
      )}
    />
  );
}
