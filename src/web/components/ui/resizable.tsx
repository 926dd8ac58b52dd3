import { GripVertical } from "lucide-react";
import type { ComponentProps } from "react";
import { Panel, PanelGroup, PanelResizeHandle } from "react-resizable-panels";
import { cn } from "@/lib/cn";

/**
 * Resizable panels on react-resizable-panels 3, whose own defaults are SPEC §9's numbers: sizes in percent, a
 * handle moves 10 % per arrow key and 100 % (to the limit) with Shift, Home/End jump to the limits, and
 * `autoSaveId` keeps the layout in localStorage with a 100 ms debounce (docs/decisions/0030-resizable-panels.md).
 * Give each Panel an `id` and `order` so a saved layout maps back onto the right panels.
 */
export function ResizablePanelGroup({ className, ...props }: ComponentProps<typeof PanelGroup>) {
  return (
    <PanelGroup
      className={cn("flex h-full w-full data-[panel-group-direction=vertical]:flex-col", className)}
      {...props}
    />
  );
}

export const ResizablePanel = Panel;

/** A keyboard-focusable separator (role="separator" with aria-valuenow); name it with aria-label. */
export function ResizableHandle({
  withHandle = false,
  className,
  ...props
}: ComponentProps<typeof PanelResizeHandle> & { withHandle?: boolean }) {
  return (
    <PanelResizeHandle
      className={cn(
        "relative flex w-px items-center justify-center bg-border after:absolute after:inset-y-0 after:left-1/2 after:w-2 after:-translate-x-1/2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[resize-handle-state=drag]:bg-primary data-[panel-group-direction=vertical]:h-px data-[panel-group-direction=vertical]:w-full",
        className,
      )}
      {...props}
    >
      {withHandle && (
        <span className="z-10 flex h-5 w-3.5 items-center justify-center rounded-sm border bg-border">
          <GripVertical className="size-3" aria-hidden="true" />
        </span>
      )}
    </PanelResizeHandle>
  );
}
