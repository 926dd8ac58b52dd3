import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

export interface FileInputProps extends Omit<ComponentProps<"input">, "type" | "value" | "defaultValue"> {
  /** The chosen file's name, shown under the input (browsers word their own display differently, or not at all). */
  fileName?: string | undefined;
}

/** A file picker that says which file is chosen, announced politely when it changes. */
export function FileInput({ fileName, className, ...props }: FileInputProps) {
  return (
    <>
      <Input
        type="file"
        className={cn(
          "h-auto cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:bg-secondary file:px-3 file:py-1 file:text-secondary-foreground",
          className,
        )}
        {...props}
      />
      <p aria-live="polite" className="text-sm">
        {fileName && (
          <>
            Selected file: <span className="font-medium break-all">{fileName}</span>
          </>
        )}
      </p>
    </>
  );
}
