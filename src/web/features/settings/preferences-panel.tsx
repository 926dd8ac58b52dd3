import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FileInput } from "@/components/ui/file-input";
import { FieldError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";
import { COMMUNICATION_METHOD_LABELS, NOTIFICATION_FREQUENCY_LABELS } from "./constants";
import {
  COMMUNICATION_METHODS,
  DEFAULT_COMMUNICATION_METHOD,
  DEFAULT_NOTIFICATION_FREQUENCY,
  DEFAULT_TIMEZONE,
  DEFAULT_WORK_HOURS,
  NOTIFICATION_FREQUENCIES,
  TIMEZONES,
  type CommunicationMethod,
  type NotificationFrequency,
  type Timezone,
} from "@/lib/communication-preferences";
import { useAuth } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";
import { PHOTO_SELECTED, PREFERENCES_SAVED } from "./messages";

const METHOD_OPTIONS: SelectOption[] = COMMUNICATION_METHODS.map((m) => ({
  value: m,
  label: COMMUNICATION_METHOD_LABELS[m],
}));
const FREQUENCY_OPTIONS: SelectOption[] = NOTIFICATION_FREQUENCIES.map((f) => ({
  value: f,
  label: NOTIFICATION_FREQUENCY_LABELS[f],
}));
const TIMEZONE_OPTIONS: SelectOption[] = TIMEZONES.map((t) => ({ value: t, label: t }));

/** SPEC §3 Preferences (local only). */
export interface Preferences {
  communicationMethod: CommunicationMethod;
  frequency: NotificationFrequency;
  workHoursStart: string;
  workHoursEnd: string;
  timezone: Timezone;
  profilePhoto: File | null;
}

export const DEFAULT_PREFERENCES: Preferences = {
  communicationMethod: DEFAULT_COMMUNICATION_METHOD,
  frequency: DEFAULT_NOTIFICATION_FREQUENCY,
  workHoursStart: DEFAULT_WORK_HOURS.start,
  workHoursEnd: DEFAULT_WORK_HOURS.end,
  timezone: DEFAULT_TIMEZONE,
  profilePhoto: null,
};

/**
 * The panel's choices for as long as the browser page is open (SPEC §3: local only): they outlive the panel, so a
 * switch to Connectors or a visit to another page of the app finds them as left, and a reload forgets them. One
 * user's only, so another account adopted on this page starts from the defaults.
 */
let kept: { userId: string | undefined; preferences: Preferences } | undefined;

/**
 * SPEC §2 Preferences panel, the Settings page's first tab (decision 0071): communication preferences, work hours
 * and a profile photo. Local only: saving and choosing a photo only confirm with a toast; nothing is sent.
 */
export function PreferencesPanel() {
  const userId = useAuth().user?.id;
  // A new user gets a new form rather than the last one's choices.
  return <PreferencesForm key={userId ?? ""} userId={userId} />;
}

function PreferencesForm({ userId }: { userId: string | undefined }) {
  const id = useId();
  const [preferences, setPreferences] = useState<Preferences>(() =>
    kept && kept.userId === userId ? kept.preferences : DEFAULT_PREFERENCES,
  );
  useEffect(() => {
    kept = { userId, preferences };
  }, [userId, preferences]);
  const [photoError, setPhotoError] = useState<string>();
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
    setPreferences((p) => ({ ...p, [key]: value }));

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // SPEC §5: any image type.
    if (!file.type.startsWith("image/")) {
      setPhotoError("Choose an image file.");
      event.target.value = "";
      return;
    }
    setPhotoError(undefined);
    set("profilePhoto", file);
    toast.success(PHOTO_SELECTED.title, { description: PHOTO_SELECTED.description });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    toast.success(PREFERENCES_SAVED.title, { description: PREFERENCES_SAVED.description });
  };

  return (
    <form onSubmit={save} className="grid gap-6" aria-label="User Preferences">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Communication Preferences</CardTitle>
          <CardDescription>How and how often Pulse reaches you</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-method`} label="Communication Method">
            <OptionSelect
              id={`${id}-method`}
              value={preferences.communicationMethod}
              onValueChange={(v) => set("communicationMethod", v as CommunicationMethod)}
              options={METHOD_OPTIONS}
            />
          </Field>
          <Field id={`${id}-frequency`} label="Frequency">
            <OptionSelect
              id={`${id}-frequency`}
              value={preferences.frequency}
              onValueChange={(v) => set("frequency", v as NotificationFrequency)}
              options={FREQUENCY_OPTIONS}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Work Hours</CardTitle>
          <CardDescription>When you can be reached</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <Field id={`${id}-start`} label="Start Time">
            <Input
              id={`${id}-start`}
              type="time"
              value={preferences.workHoursStart}
              onChange={(e) => set("workHoursStart", e.target.value)}
            />
          </Field>
          <Field id={`${id}-end`} label="End Time">
            <Input
              id={`${id}-end`}
              type="time"
              value={preferences.workHoursEnd}
              onChange={(e) => set("workHoursEnd", e.target.value)}
            />
          </Field>
          <Field id={`${id}-timezone`} label="Time Zone">
            <OptionSelect
              id={`${id}-timezone`}
              value={preferences.timezone}
              onValueChange={(v) => set("timezone", v as Timezone)}
              options={TIMEZONE_OPTIONS}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile Photo</CardTitle>
          <CardDescription>Any image type</CardDescription>
        </CardHeader>
        <CardContent>
          <Field id={`${id}-photo`} label="Profile photo">
            <FileInput
              id={`${id}-photo`}
              accept="image/*"
              onChange={choosePhoto}
              fileName={preferences.profilePhoto?.name}
              aria-invalid={photoError ? true : undefined}
              aria-describedby={photoError ? `${id}-photo-error` : undefined}
            />
            <FieldError id={`${id}-photo-error`} message={photoError} />
          </Field>
        </CardContent>
      </Card>

      <div>
        <Button type="submit">Save Preferences</Button>
      </div>
    </form>
  );
}
