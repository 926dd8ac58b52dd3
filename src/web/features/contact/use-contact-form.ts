import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGES,
  DEFAULT_CONTACT_REASON,
  reasonAcceptsResume,
} from "@shared/contact";
import type { ContactInput, ContactSubmission } from "@shared/contact-schema";
import { ApiError } from "@/lib/api-client";
import { useSubmitContact } from "./api/submit-contact";
import type { CaptchaHandle } from "./captcha/captcha-handle";
import type { SpecAlertMessage } from "@/components/ui/spec-alert";

/**
 * Everything the form holds is the shared schema's input: the typed values, the captcha's token and the chosen resume
 * (a browser File, which is the { name, size } descriptor the schema reads).
 */
const INITIAL_VALUES: ContactInput = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  dropdown: DEFAULT_CONTACT_REASON,
  message: "",
  resume: undefined,
  [CONTACT_FIELDS.captcha]: "",
};

type ContactResolver = Resolver<ContactInput, unknown, ContactSubmission>;
let validation: Promise<ContactResolver> | undefined;

/**
 * Loads the schema's chunk (zod and the shared schema) once; the form asks for it as soon as the visitor starts on
 * it, so it is there before the first check. A failed load is tried again at the next check.
 */
export function loadContactValidation(): Promise<ContactResolver> {
  validation ??= import("./contact-validation").then(
    (m) => m.contactResolver,
    (error: unknown) => {
      validation = undefined;
      throw error;
    },
  );
  return validation;
}

const contactResolver: ContactResolver = async (values, context, options) => {
  try {
    return (await loadContactValidation())(values, context, options);
  } catch {
    // The schema's chunk could not be loaded (the connection dropped): nothing can be checked, so nothing is sent.
    return { values: {}, errors: { root: { type: "unavailable", message: CONTACT_MESSAGES.submitFailed } } };
  }
};

/**
 * The contact form's state (SPEC Contact page, §4 Contact form, §5 Contact): react-hook-form validating with the one
 * shared schema (src/shared/contact-schema.ts), so the form and POST /api/contact refuse exactly the same input.
 * Editing → sending → thank-you, or the error alert with every value kept.
 */
export function useContactForm() {
  const form = useForm<ContactInput, unknown, ContactSubmission>({
    // The schema loads when the visitor starts on the form (onFocus below), not with the page.
    resolver: contactResolver,
    defaultValues: INITIAL_VALUES,
    mode: "onSubmit",
    reValidateMode: "onChange",
    // Focus goes to the first problem in page order (below), the resume included, which is not a registered input.
    shouldFocusError: false,
  });
  const { control, setValue, clearErrors, trigger, getValues, handleSubmit } = form;
  const reason = useWatch({ control, name: CONTACT_FIELDS.reason });
  const resume = useWatch({ control, name: CONTACT_FIELDS.resume });

  const [alert, setAlert] = useState<SpecAlertMessage | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const submit = useSubmitContact();
  const sending = submit.isPending;

  // After a refused submit, the first field with a problem takes the focus. The submit count arrives in the same
  // render as the errors it found (react-hook-form publishes both at once, after the invalid-submit callback).
  const { submitCount } = form.formState;
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const onCaptchaToken = useCallback(
    (token: string) => {
      setValue(CONTACT_FIELDS.captcha, token);
      if (token)
        setAlert((current) => (current?.message === CONTACT_MESSAGES.captchaRequired ? null : current));
    },
    [setValue],
  );

  // Whatever the visitor starts with (a field, the captcha, the send button), the schema is on its way.
  const onFocus = () => void loadContactValidation().catch(() => undefined);

  // SPEC §5: checked on each change; an invalid value shows the message, a valid one clears it.
  const onEmailChange = () => void trigger(CONTACT_FIELDS.email);

  const onReasonChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    // SPEC §4: choosing the default reason clears the message.
    if (next === DEFAULT_CONTACT_REASON) setValue(CONTACT_FIELDS.message, "");
    // SPEC §4: changing the reason to anything other than Careers clears the chosen resume.
    if (!reasonAcceptsResume(next)) setValue(CONTACT_FIELDS.resume, undefined);
    clearErrors([CONTACT_FIELDS.reason, CONTACT_FIELDS.message, CONTACT_FIELDS.resume]);
  };

  const onResumeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // A chosen file is judged at once (type, emptiness, size); no file is judged on submit.
    setValue(CONTACT_FIELDS.resume, file, { shouldValidate: Boolean(file) });
    if (!file) clearErrors(CONTACT_FIELDS.resume);
  };

  const send = () => {
    setAlert(null);
    // What was typed is sent as typed (the server trims with the same schema); SPEC §7 sends every field.
    const { resume: file, [CONTACT_FIELDS.captcha]: captchaToken, ...values } = getValues();
    submit.mutate(
      {
        values: { ...values, company: values.company ?? "", message: values.message ?? "" },
        // Only the file input sets the resume, always to a File.
        resume: file instanceof File ? file : null,
        captchaToken,
      },
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    void handleSubmit(send, (errors) => {
      // The captcha has no field of its own to show a message under: SPEC §5 makes it an alert. A form that could
      // not be checked at all (contactResolver) gets SPEC §8's.
      if (errors.root) setAlert({ message: CONTACT_MESSAGES.submitFailed });
      else setAlert(errors[CONTACT_FIELDS.captcha] ? { message: CONTACT_MESSAGES.captchaRequired } : null);
    })();
  };

  return {
    form,
    formRef,
    captcha,
    reason,
    resume,
    alert,
    sending,
    sent,
    onSubmit,
    onFocus,
    onCaptchaToken,
    onEmailChange,
    onReasonChange,
    onResumeChange,
  };
}
