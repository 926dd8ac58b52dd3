import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

interface TableProps extends ComponentProps<"table"> {
  /**
   * Names the scrolling box and makes it a keyboard stop, so a keyboard user can scroll a wide table that has
   * nothing focusable inside (WCAG 2.1.1; axe's scrollable-region-focusable). Give it for tables without controls.
   */
  scrollLabel?: string;
}

/** A data table that scrolls sideways in its own box on narrow screens instead of widening the page. */
export function Table({ className, scrollLabel, ...props }: TableProps) {
  return (
    <div
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<"tfoot">) {
  return <tfoot className={cn("border-t bg-muted/50 font-medium", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      className={cn("border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-11 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

/** The header row of a table whose column headings are plain text. */
export function TableColumns({ columns }: { columns: readonly string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => (
          <TableHead key={column}>{column}</TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/**
 * A table's single row of state across every column: empty, loading (`role="status"`, announced politely) or
 * failed (`role="alert"`).
 */
export function TableMessageRow({
  colSpan,
  text,
  role,
}: {
  colSpan: number;
  text: string;
  role?: "status" | "alert";
}) {
  return (
    <TableRow aria-busy={role === "status" || undefined}>
      <TableCell
        colSpan={colSpan}
        className={cn("py-8 text-center text-muted-foreground", role === "alert" && "text-destructive")}
      >
        <span role={role}>{text}</span>
      </TableCell>
    </TableRow>
  );
}
