import { CalendarIcon, Loader2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { formatLongDay } from "@/lib/format-date";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { Button } from "./button";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

/**
 * The calendar's code (react-day-picker with date-fns, which weighed more than the rest of the timeline page) is
 * fetched once a date picker is shown, not with the page that holds one.
 */
const calendarCode = onDemand(() => import("./calendar").then((module) => module.Calendar));

interface DatePickerProps {
  /** Id of the trigger button, for a <Label htmlFor>. */
  id?: string;
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  placeholder?: string;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
}

/**
 * A button showing the chosen date (or the placeholder) that opens a calendar in a popover; choosing closes it. The
 * calendar's code starts loading when the picker is shown; opened before it has arrived, the popover says so.
 */
export function DatePicker({
  id,
  value,
  onChange,
  placeholder = "Pick a date",
  className,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const { value: Calendar, failed, retry } = useOnDemand(calendarCode);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening again after a failed fetch is the retry.
    if (next && failed) retry();
  };
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          className={cn(
            "w-full justify-start text-left font-normal",
            !value && "text-muted-foreground",
            className,
          )}
          {...aria}
        >
          <CalendarIcon aria-hidden="true" />
          {value ? formatLongDay(value) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        {Calendar ? (
          <Calendar
            mode="single"
            selected={value}
            defaultMonth={value}
            autoFocus
            onSelect={(date) => {
              onChange(date);
              setOpen(false);
            }}
          />
        ) : failed ? (
          <p role="alert" className="max-w-64 p-4 text-sm text-destructive">
            The calendar could not be loaded. Please check your connection and open it again.
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading calendar…
          </p>
        )}
      </PopoverContent>
    </Popover>
  );
}
