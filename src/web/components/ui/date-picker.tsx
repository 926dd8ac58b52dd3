import { format } from "date-fns";
import { CalendarIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { Calendar } from "./calendar";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

interface DatePickerProps {
  /** Id of the trigger button, for a <Label htmlFor>. */
  id?: string;
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  placeholder?: string;
  /** date-fns format of the chosen date on the trigger. */
  displayFormat?: string;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
}

/** A button showing the chosen date (or the placeholder) that opens a calendar in a popover; choosing closes it. */
export function DatePicker({
  id,
  value,
  onChange,
  placeholder = "Pick a date",
  displayFormat = "PPP",
  className,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
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
          {value ? format(value, displayFormat) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
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
      </PopoverContent>
    </Popover>
  );
}
