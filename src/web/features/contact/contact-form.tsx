import { useId, type ComponentProps } from "react";
import { CONTACT_FIELDS, CONTACT_LIMITS, reasonAcceptsResume, reasonShowsMessage } from "@shared/contact";
import { CONTACT_REASONS, RESUME_EXTENSIONS } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { FileInput } from "@/components/ui/file-input";
import { FormField, RequiredMark } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SpecAlert } from "@/components/ui/spec-alert";
import { Textarea } from "@/components/ui/textarea";
import { QueryScope } from "@/lib/query-client";
import { CaptchaField } from "./captcha/captcha-field";
import { ThankYou } from "./thank-you";
import { useContactForm } from "./use-contact-form";

interface TextFieldOptions extends Pick<
  ComponentProps<"input">,
  "required" | "autoComplete" | "maxLength" | "type" | "inputMode"
> {
  onChange?: () => void;
}

/** SPEC Contact page: the form, with the data cache its submission runs in. */
export default function ContactForm() {
  return (
    <QueryScope>
      <ContactFormFields />
    </QueryScope>
  );
}

/** The fields, the captcha, the alert and the send button; the state is in useContactForm. */
function ContactFormFields() {
  const contact = useContactForm();
  const captchaLabelId = useId();
  const {
    register,
    formState: { errors },
  } = contact.form;

  if (contact.sent) return <ThankYou />;

  const textField = (
    name: "firstName" | "lastName" | "email" | "company",
    label: string,
    { onChange, ...input }: TextFieldOptions,
  ) => (
    <FormField
      label={label}
      required={input.required}
      optional={!input.required}
      error={errors[name]?.message}
    >
      {(control) => <Input {...control} {...register(name, { onChange })} {...input} />}
    </FormField>
  );

  return (
    <form
      ref={contact.formRef}
      noValidate
      onSubmit={contact.onSubmit}
      onFocus={contact.onFocus}
      aria-label="Contact form"
      className="grid gap-6"
    >
      <p className="text-sm text-muted-foreground">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        {textField(CONTACT_FIELDS.firstName, "First name", {
          required: true,
          autoComplete: "given-name",
          maxLength: CONTACT_LIMITS.nameLength,
        })}
        {textField(CONTACT_FIELDS.lastName, "Last name", {
          required: true,
          autoComplete: "family-name",
          maxLength: CONTACT_LIMITS.nameLength,
        })}
      </div>
      {textField(CONTACT_FIELDS.email, "Email", {
        required: true,
        autoComplete: "email",
        type: "email",
        inputMode: "email",
        onChange: contact.onEmailChange,
      })}
      {textField(CONTACT_FIELDS.company, "Company", {
        autoComplete: "organization",
        maxLength: CONTACT_LIMITS.companyLength,
      })}

      <FormField label="Reason for contact" required error={errors.dropdown?.message}>
        {(control) => (
          <NativeSelect
            {...control}
            {...register(CONTACT_FIELDS.reason, { onChange: contact.onReasonChange })}
          >
            {CONTACT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      {reasonShowsMessage(contact.reason) && (
        <FormField label="Message" error={errors.message?.message}>
          {(control) => <Textarea {...control} {...register(CONTACT_FIELDS.message)} rows={4} />}
        </FormField>
      )}

      {reasonAcceptsResume(contact.reason) && (
        <FormField
          label="Resume"
          required
          hint="A .pdf, .doc or .docx file, up to 5 MB."
          error={errors.resume?.message}
        >
          {(control) => (
            <FileInput
              {...control}
              name={CONTACT_FIELDS.resume}
              accept={RESUME_EXTENSIONS.join(",")}
              onChange={contact.onResumeChange}
              fileName={contact.resume?.name}
            />
          )}
        </FormField>
      )}

      <div role="group" aria-labelledby={captchaLabelId} className="grid gap-2">
        <p id={captchaLabelId} className="text-sm font-medium leading-none">
          Verification
          <RequiredMark />
        </p>
        <CaptchaField ref={contact.captcha} onToken={contact.onCaptchaToken} />
      </div>

      <SpecAlert alert={contact.alert} />

      <div>
        <Button type="submit" size="lg" disabled={contact.sending} className="w-full sm:w-auto">
          {contact.sending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
