import { useEffect, useState } from "react";
import { BOOKING_LIMITS } from "../../../../core/booking/booking-limits.ts";
import type { BookingLink, CreateBookingLinkInput } from "../../../../core/contract/booking.ts";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import { SheetActions, SheetDialog } from "../../../components/sheet-dialog.tsx";
import {
  DEFAULT_HOURS,
  emptyLinkForm,
  formToLinkInput,
  LINK_FORM_FIELDS,
  type LinkFormErrors,
  type LinkFormValues,
  linkToForm,
  WORK_WEEK,
} from "../lib/link-form.ts";

const DAYS = [
  [1, "Mon", "Monday"],
  [2, "Tue", "Tuesday"],
  [3, "Wed", "Wednesday"],
  [4, "Thu", "Thursday"],
  [5, "Fri", "Friday"],
  [6, "Sat", "Saturday"],
  [7, "Sun", "Sunday"],
] as const;
const NOTICE = [
  [0, "None"],
  [60, "1 hour"],
  [120, "2 hours"],
  [240, "4 hours"],
  [720, "12 hours"],
  [1440, "1 day"],
  [2880, "2 days"],
  [10080, "1 week"],
] as const;

type Props = {
  open: boolean;
  /** The link being edited; null makes a new one. */
  link: BookingLink | null;
  saving: boolean;
  /** The server's answer when it refused: each field's message goes beside it. */
  serverErrors: { fields: LinkFormErrors; rest: string | null } | null;
  onClose: () => void;
  onSave: (input: CreateBookingLinkInput) => void;
};

/** The new / edit booking link form. Pausing is on the link's card, not here. */
export function LinkDialog({ open, link, saving, serverErrors, onClose, onSave }: Props) {
  const [values, setValues] = useState<LinkFormValues>(emptyLinkForm);
  const [errors, setErrors] = useState<LinkFormErrors>({});

  useEffect(() => {
    if (!open) return;
    setValues(link ? linkToForm(link) : emptyLinkForm());
    setErrors({});
  }, [open, link]);
  useEffect(() => {
    if (serverErrors) setErrors(serverErrors.fields);
  }, [serverErrors]);

  const set = <K extends keyof LinkFormValues>(key: K, value: LinkFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const toggleDay = (day: number) => {
    const days = values.days ?? [];
    set("days", days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort());
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const result = formToLinkInput(values);
    if (result.errors) {
      setErrors(result.errors);
      const first = LINK_FORM_FIELDS.find((f) => result.errors[f]);
      const target =
        first === "days" ? "link-day-1" : first === "hours" ? "link-hours-from" : `link-${first}`;
      document.getElementById(target)?.focus();
      return;
    }
    onSave(result.input);
  };

  const noticeOptions = NOTICE.some(([m]) => m === values.noticeMinutes)
    ? NOTICE
    : [...NOTICE, [values.noticeMinutes, `${values.noticeMinutes} minutes`] as const];

  return (
    <SheetDialog
      id="link-dialog"
      open={open}
      onClose={onClose}
      title={link ? "Edit booking link" : "New booking link"}
      description="Guests pick from the times that cost you least: around your events, with buffers, inside the hours you choose."
    >
      <form noValidate onSubmit={submit} className="mt-4 grid grid-cols-2 gap-4">
        <Field id="link-title" label="Title" error={errors.title} className="col-span-2">
          <input
            {...describedBy("link-title", errors.title)}
            className={inputClass}
            maxLength={BOOKING_LIMITS.titleMax}
            placeholder="e.g. Intro call"
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
          />
        </Field>
        <Field
          id="link-hostName"
          label="Your name, as guests see it"
          error={errors.hostName}
          hint="Optional. Guests never see your e-mail."
          className="col-span-2"
        >
          <input
            {...describedBy("link-hostName", errors.hostName, true)}
            className={inputClass}
            autoComplete="name"
            maxLength={BOOKING_LIMITS.nameMax}
            value={values.hostName}
            onChange={(e) => set("hostName", e.target.value)}
          />
        </Field>
        <Field id="link-minutes" label="Minutes" error={errors.minutes}>
          <input
            {...describedBy("link-minutes", errors.minutes)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={BOOKING_LIMITS.minMinutes}
            max={BOOKING_LIMITS.maxMinutes}
            step={5}
            value={values.minutes}
            onChange={(e) => set("minutes", e.target.value)}
          />
        </Field>
        <Field id="link-horizonDays" label="Days ahead" error={errors.horizonDays}>
          <input
            {...describedBy("link-horizonDays", errors.horizonDays)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={1}
            max={BOOKING_LIMITS.maxHorizonDays}
            value={values.horizonDays}
            onChange={(e) => set("horizonDays", e.target.value)}
          />
        </Field>
        <Field id="link-noticeMinutes" label="Minimum notice" className="col-span-2 sm:col-span-1">
          <select
            id="link-noticeMinutes"
            className={inputClass}
            value={values.noticeMinutes}
            onChange={(e) => set("noticeMinutes", Number(e.target.value))}
          >
            {noticeOptions.map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="link-maxPerDay"
          label="At most a day"
          error={errors.maxPerDay}
          hint="Empty: no cap beyond your daily load."
          className="col-span-2 sm:col-span-1"
        >
          <input
            {...describedBy("link-maxPerDay", errors.maxPerDay, true)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={1}
            max={BOOKING_LIMITS.maxPerDay}
            value={values.maxPerDay}
            onChange={(e) => set("maxPerDay", e.target.value)}
          />
        </Field>
        <Field
          id="link-bufferBeforeMinutes"
          label="Buffer before (min)"
          error={errors.bufferBeforeMinutes}
        >
          <input
            {...describedBy("link-bufferBeforeMinutes", errors.bufferBeforeMinutes)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={BOOKING_LIMITS.maxBufferMinutes}
            value={values.bufferBeforeMinutes}
            onChange={(e) => set("bufferBeforeMinutes", e.target.value)}
          />
        </Field>
        <Field
          id="link-bufferAfterMinutes"
          label="Buffer after (min)"
          error={errors.bufferAfterMinutes}
        >
          <input
            {...describedBy("link-bufferAfterMinutes", errors.bufferAfterMinutes)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={BOOKING_LIMITS.maxBufferMinutes}
            value={values.bufferAfterMinutes}
            onChange={(e) => set("bufferAfterMinutes", e.target.value)}
          />
        </Field>

        <fieldset
          className="col-span-2"
          aria-describedby={errors.days ? "link-days-error" : undefined}
        >
          <legend className="mb-1 block text-sm font-medium text-stone-800">Days</legend>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={values.days === null}
              onChange={(e) => set("days", e.target.checked ? null : [...WORK_WEEK])}
            />
            My working days (from How you work)
          </label>
          {values.days !== null ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {DAYS.map(([day, short, long]) => {
                const on = values.days?.includes(day) ?? false;
                return (
                  <button
                    key={day}
                    id={`link-day-${day}`}
                    type="button"
                    aria-pressed={on}
                    aria-label={long}
                    onClick={() => toggleDay(day)}
                    className={`min-h-11 min-w-11 rounded-full border px-3 text-sm font-medium ${
                      on
                        ? "border-sage-800 bg-sage-800 text-white"
                        : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                    }`}
                  >
                    {short}
                  </button>
                );
              })}
            </div>
          ) : null}
          {errors.days ? (
            <p id="link-days-error" className="mt-1 text-sm text-red-700">
              {errors.days}
            </p>
          ) : null}
        </fieldset>

        <fieldset
          className="col-span-2"
          aria-describedby={errors.hours ? "link-hours-error" : undefined}
        >
          <legend className="mb-1 block text-sm font-medium text-stone-800">Hours</legend>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={values.hours === null}
              onChange={(e) => set("hours", e.target.checked ? null : { ...DEFAULT_HOURS })}
            />
            My working hours (from How you work)
          </label>
          {values.hours !== null ? (
            <div className="mt-2 grid grid-cols-2 gap-4">
              <div>
                <label htmlFor="link-hours-from" className="mb-1 block text-sm text-stone-800">
                  From
                </label>
                <input
                  id="link-hours-from"
                  type="time"
                  className={inputClass}
                  aria-invalid={errors.hours ? true : undefined}
                  value={values.hours.from}
                  onChange={(e) =>
                    set("hours", { from: e.target.value, to: values.hours?.to ?? "" })
                  }
                />
              </div>
              <div>
                <label htmlFor="link-hours-to" className="mb-1 block text-sm text-stone-800">
                  To
                </label>
                <input
                  id="link-hours-to"
                  type="time"
                  className={inputClass}
                  aria-invalid={errors.hours ? true : undefined}
                  value={values.hours.to}
                  onChange={(e) =>
                    set("hours", { from: values.hours?.from ?? "", to: e.target.value })
                  }
                />
              </div>
            </div>
          ) : null}
          {errors.hours ? (
            <p id="link-hours-error" className="mt-1 text-sm text-red-700">
              {errors.hours}
            </p>
          ) : null}
        </fieldset>

        <div className="col-span-2">
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-0.5"
              aria-describedby="link-allowPeak-hint"
              checked={values.allowPeak}
              onChange={(e) => set("allowPeak", e.target.checked)}
            />
            <span>Guests may book my peak hours</span>
          </label>
          <p id="link-allowPeak-hint" className="mt-1 text-xs text-stone-600">
            Off: Sage keeps your best hours for your own work.
          </p>
        </div>

        <SheetActions
          className="col-span-2"
          saving={saving}
          submitLabel={link ? "Save link" : "Create link"}
          error={serverErrors?.rest}
        />
      </form>
    </SheetDialog>
  );
}
