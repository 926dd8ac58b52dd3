// First: zod must be told not to probe for eval before the contact schema is built (see lib/zod-config.ts).
import "@/lib/zod-config";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  DEFAULT_CONTACT_REASON,
  contactErrorsOf,
  contactSchema,
  isValidEmail,
  reasonAcceptsResume,
  reasonShowsMessage,
  type ContactFieldName,
} from "@shared/contact";
import { CONTACT_REASONS, RESUME_EXTENSIONS, type ContactReason } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSubmitContact, type ContactFormValues } from "./api/submit-contact";
import { CaptchaField } from "./captcha/captcha-field";
import type { CaptchaHandle } from "./captcha/captcha-handle";

const INITIAL_VALUES: ContactFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  dropdown: DEFAULT_CONTACT_REASON,
  message: "",
};

type FieldErrors = Partial<Record<ContactFieldName, string>>;

interface FormAlert {
  message: string;
  /** The server's own explanation of a refused submission, when it gave one. */
  detail?: string;
}

/** SPEC Contact page, §4 Contact form states and §5 Contact validation: editing → sending → thank-you or error. */
export default function ContactForm() {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;

  const [values, setValues] = useState<ContactFormValues>(INITIAL_VALUES);
  const [resume, setResume] = useState<File | null>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FormAlert | null>(null);
  useBrowserAlert(alert);
  const [submitAttempt, setSubmitAttempt] = useState(0);
  const [sent, setSent] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmitContact();
  const sending = submit.isPending;

  // After a refused submit, the first field with a problem takes the focus.
  useEffect(() => {
    if (submitAttempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitAttempt]);

  const onCaptchaToken = useCallback((token: string) => {
    setCaptchaToken(token);
    if (token)
      setAlert((current) => (current?.message === CONTACT_MESSAGES.captchaRequired ? null : current));
  }, []);

  const setValue = (name: keyof ContactFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onEmailChange = (event: ChangeEvent<HTMLInputElement>) => {
    const email = event.target.value;
    setValues((v) => ({ ...v, email }));
    // SPEC §5: checked on each change; an invalid value shows the message, a valid one clears it.
    setErrors((e) => ({ ...e, email: isValidEmail(email) ? undefined : CONTACT_MESSAGES.invalidEmail }));
  };

  const onReasonChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const reason = event.target.value as ContactReason;
    setValues((v) => ({
      ...v,
      dropdown: reason,
      // SPEC §4: choosing the default reason clears the message.
      message: reason === DEFAULT_CONTACT_REASON ? "" : v.message,
    }));
    // SPEC §4: changing the reason to anything other than Careers clears the chosen resume.
    if (!reasonAcceptsResume(reason)) setResume(null);
    setErrors((e) => ({ ...e, dropdown: undefined, message: undefined, resume: undefined }));
  };

  const onResumeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setResume(file);
    setErrors((e) => ({ ...e, resume: file ? resumeError(values, file) : undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const result = contactSchema.safeParse(schemaInput(values, resume, captchaToken));
    if (!result.success) {
      const { [CONTACT_FIELDS.captcha]: captchaProblem, ...fieldErrors } = contactErrorsOf(result.error);
      setErrors(fieldErrors);
      setAlert(captchaProblem ? { message: CONTACT_MESSAGES.captchaRequired } : null);
      setSubmitAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setAlert(null);
    submit.mutate(
      { values, resume, captchaToken },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          // SPEC §8: the form keeps everything typed; a used captcha answer cannot be sent again.
          const detail =
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? error.message
              : undefined;
          setAlert({ message: CONTACT_MESSAGES.submitFailed, detail });
          captcha.current?.reset();
        },
      },
    );
  };

  if (sent) return <ThankYou />;

  const showMessage = reasonShowsMessage(values.dropdown);
  const showResume = reasonAcceptsResume(values.dropdown);
  const describedBy = (name: ContactFieldName, hint?: string) =>
    [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;

  const textField = (
    name: "firstName" | "lastName" | "company",
    label: string,
    options: { required?: boolean; autoComplete: string; maxLength: number },
  ) => (
    <Field>
      <FieldLabel htmlFor={fieldId(name)} required={options.required}>
        {label}
        {/* Seen, not announced: the field is plainly not required, and the label stays SPEC's word. */}
        {!options.required && (
          <span aria-hidden="true" className="ml-1 font-normal text-muted-foreground">
            (optional)
          </span>
        )}
      </FieldLabel>
      <Input
        id={fieldId(name)}
        name={name}
        value={values[name]}
        onChange={(e) => setValue(name, e.target.value)}
        required={options.required}
        autoComplete={options.autoComplete}
        maxLength={options.maxLength}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
      />
      <FieldError id={errorId(name)} message={errors[name]} />
    </Field>
  );

  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-label="Contact form" className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        {textField("firstName", "First name", {
          required: true,
          autoComplete: "given-name",
          maxLength: CONTACT_LIMITS.nameLength,
        })}
        {textField("lastName", "Last name", {
          required: true,
          autoComplete: "family-name",
          maxLength: CONTACT_LIMITS.nameLength,
        })}
      </div>

      <Field>
        <FieldLabel htmlFor={fieldId("email")} required>
          Email
        </FieldLabel>
        <Input
          id={fieldId("email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={onEmailChange}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email")}
        />
        <FieldError id={errorId("email")} message={errors.email} />
      </Field>

      {textField("company", "Company", {
        autoComplete: "organization",
        maxLength: CONTACT_LIMITS.companyLength,
      })}

      <Field>
        <FieldLabel htmlFor={fieldId("dropdown")} required>
          Reason for contact
        </FieldLabel>
        <select
          id={fieldId("dropdown")}
          name="dropdown"
          value={values.dropdown}
          onChange={onReasonChange}
          required
          aria-invalid={errors.dropdown ? true : undefined}
          aria-describedby={describedBy("dropdown")}
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        <FieldError id={errorId("dropdown")} message={errors.dropdown} />
      </Field>

      {showMessage && (
        <Field>
          <FieldLabel htmlFor={fieldId("message")}>Message</FieldLabel>
          <Textarea
            id={fieldId("message")}
            name="message"
            rows={4}
            value={values.message}
            onChange={(e) => setValue("message", e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy("message")}
          />
          <FieldError id={errorId("message")} message={errors.message} />
        </Field>
      )}

      {showResume && (
        <Field>
          <FieldLabel htmlFor={fieldId("resume")} required>
            Resume
          </FieldLabel>
          <Input
            id={fieldId("resume")}
            name="resume"
            type="file"
            accept={RESUME_EXTENSIONS.join(",")}
            onChange={onResumeChange}
            required
            aria-invalid={errors.resume ? true : undefined}
            aria-describedby={describedBy("resume", `${fieldId("resume")}-hint`)}
            className="h-auto cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:bg-secondary file:px-3 file:py-1 file:text-secondary-foreground"
          />
          <p id={`${fieldId("resume")}-hint`} className="text-sm text-muted-foreground">
            A .pdf, .doc or .docx file, up to 5 MB.
          </p>
          <p aria-live="polite" className="text-sm">
            {resume && (
              <>
                Selected file: <span className="font-medium break-all">{resume.name}</span>
              </>
            )}
          </p>
          <FieldError id={errorId("resume")} message={errors.resume} />
        </Field>
      )}

      <div role="group" aria-labelledby={`${fieldId("captcha")}-label`} className="grid gap-2">
        <p id={`${fieldId("captcha")}-label`} className="text-sm font-medium leading-none">
          Verification
          <RequiredMark />
        </p>
        <CaptchaField ref={captcha} onToken={onCaptchaToken} />
      </div>

      {alert && (
        <div className="flex gap-3 rounded-md border border-destructive/60 bg-destructive/10 p-4 text-sm">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid gap-1">
            {/* The alert itself carries SPEC's sentence alone; the server's reason follows it. */}
            <p role="alert" className="font-medium">
              {alert.message}
            </p>
            {alert.detail && <p className="text-muted-foreground">{alert.detail}</p>}
          </div>
        </div>
      )}

      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}

/** The values as the shared schema reads them (the same object the server builds from the multipart body). */
function schemaInput(values: ContactFormValues, resume: File | null, captchaToken: string) {
  return {
    ...values,
    [CONTACT_FIELDS.resume]: resume ? { name: resume.name, size: resume.size } : undefined,
    [CONTACT_FIELDS.captcha]: captchaToken,
  };
}

/** The shared schema's verdict on a chosen resume alone. */
function resumeError(values: ContactFormValues, file: File): string | undefined {
  const result = contactSchema.safeParse(schemaInput(values, file, "-"));
  return result.success ? undefined : contactErrorsOf(result.error)[CONTACT_FIELDS.resume];
}

function Field({ children }: { children: ReactNode }) {
  return <div className="grid gap-2">{children}</div>;
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {required && <RequiredMark />}
    </Label>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={cn("flex items-center gap-1.5 text-sm font-medium text-destructive")}>
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/** SPEC: the success screen replaces the form with a thank-you message and "Return to Homepage". */
function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        Thank you for reaching out!
      </h2>
      <p className="max-w-md text-muted-foreground">
        Your message has been sent. Our team will get back to you as soon as possible.
      </p>
      <ButtonLink to="/" size="lg" className="mt-2">
        Return to Homepage
      </ButtonLink>
    </div>
  );
}

/**
 * SPEC §5/§8 name these messages "alert": besides the in-page alert, the browser's own alert dialog shows the same
 * sentence — after the page has painted, so the in-page message is already there behind it.
 */
function useBrowserAlert(alert: FormAlert | null): void {
  useEffect(() => {
    if (!alert) return;
    const id = setTimeout(() => window.alert(alert.message), 0);
    return () => clearTimeout(id);
  }, [alert]);
}
