import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

interface SearchInputProps extends Omit<ComponentProps<"input">, "type" | "onChange"> {
  /** The accessible name; the placeholder defaults to it followed by "...". */
  label: string;
  onValueChange: (value: string) => void;
}

/** A search box (role searchbox) with a leading magnifier icon. */
export function SearchInput({ label, placeholder, onValueChange, className, ...props }: SearchInputProps) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? `${label}...`}
        onChange={(e) => onValueChange(e.target.value)}
        className={cn("pl-9", className)}
        {...props}
      />
    </div>
  );
}
