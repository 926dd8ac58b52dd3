import { AlertCircle } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Label } from "./label";

/** What a field's control needs to be named by the label and described by the hint and the error. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  /** Shows "(optional)" beside the label. */
  optional?: boolean;
  /** A standing explanation under the control, announced with it. */
  hint?: ReactNode;
  /** The field's current problem, shown under the control and announced with it. */
  error?: string | undefined;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: label (with the required mark), the control, a hint and the error message. The control is
 * a render prop so any input, select or textarea — registered with a form library or not — gets the same wiring.
 */
export function FormField({ label, required, optional, hint, error, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {/* Seen, not announced: the field is plainly not required, and its accessible name stays the label. */}
        {optional && (
          <span aria-hidden="true" className="ml-1 font-normal text-muted-foreground">
            (optional)
          </span>
        )}
        {required && <RequiredMark />}
      </Label>
      {children({
        id,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The asterisk of a required field: decorative, since the control itself says it is required. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
