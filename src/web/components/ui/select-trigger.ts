/** One option of an OptionSelect. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The select trigger's look, shared by Radix's trigger (select.tsx) and the plain one OptionSelect shows until
 * Radix's code is here (option-select.tsx), so the swap changes nothing on screen.
 */
export const SELECT_TRIGGER_CLASS =
  "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground [&>span]:truncate";
