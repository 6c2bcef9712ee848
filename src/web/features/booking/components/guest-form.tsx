import { useEffect, useRef, useState } from "react";
import { BOOKING_LIMITS } from "../../../../core/booking/booking-limits.ts";
import { buttonClass } from "../../../components/button.tsx";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import { type BookAnswer, book, failureOf } from "../api/guest-booking-api.ts";
import { fieldErrors } from "../lib/field-errors.ts";
import { whenLabel } from "../lib/when-label.ts";

const FIELDS = ["name", "email", "note"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * A field over its limit says so (a maxLength would cut a pasted name or note without a word).
 */
const tooLong = (max: number, text: string) =>
  `Keep it to ${max} characters (this has ${text.length})`;

/**
 * The guest's name, e-mail and note for the picked time. The server checks everything; the
 * page only asks for what is plainly missing first. A 409 (taken, paused) goes back to the
 * times; a 400 puts each message beside its field.
 */
export function GuestForm(props: {
  slug: string;
  start: string;
  minutes: number;
  zone: string;
  onBooked: (answer: BookAnswer) => void;
  onTaken: (message: string) => void;
}) {
  const [values, setValues] = useState({ name: "", email: "", note: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // on a phone the form is below the day's times: bring it up when a time is picked, and take
  // focus to its heading (the time chosen), so the keyboard goes on to "Your name" rather than
  // through every other time of the day
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new time is what triggers it
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: "nearest" });
    headingRef.current?.focus({ preventScroll: true });
  }, [props.start]);
  const end = new Date(Date.parse(props.start) + props.minutes * 60_000);

  const set = (key: FieldName, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const missing: Partial<Record<FieldName, string>> = {};
    const name = values.name.trim();
    if (!name) missing.name = "Enter your name";
    else if (name.length > BOOKING_LIMITS.nameMax)
      missing.name = tooLong(BOOKING_LIMITS.nameMax, name);
    if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) missing.email = "Enter a valid e-mail address";
    if (values.note.length > BOOKING_LIMITS.noteMax)
      missing.note = tooLong(BOOKING_LIMITS.noteMax, values.note);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      document.getElementById(`guest-${FIELDS.find((f) => missing[f])}`)?.focus();
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      props.onBooked(
        await book(props.slug, {
          start: props.start,
          name: values.name.trim(),
          email: values.email.trim(),
          note: values.note,
          zone: props.zone,
        }),
      );
    } catch (err) {
      const failure = failureOf(err);
      setSending(false);
      if (failure.status === 409) return props.onTaken(failure.message);
      if (failure.status === 404)
        return setFormError(`This link is no longer available. ${failure.message}`);
      if (failure.status === 400) {
        const split = fieldErrors(failure.message, FIELDS);
        setErrors(split.fields);
        // a start the link no longer offers: the times have moved on; pick again
        if (split.rest?.startsWith("start:"))
          return props.onTaken("That time is no longer offered. Pick another.");
        setFormError(split.rest);
        const first = FIELDS.find((f) => split.fields[f]);
        if (first) document.getElementById(`guest-${first}`)?.focus();
        return;
      }
      setFormError(failure.message);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="guest-form-heading"
      className="mt-8 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2
        id="guest-form-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-stone-900 focus:outline-none"
      >
        {whenLabel(props.start, end.toISOString(), { zone: props.zone })}
      </h2>
      <Field id="guest-name" label="Your name" error={errors.name}>
        <input
          {...describedBy("guest-name", errors.name)}
          className={inputClass}
          autoComplete="name"
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field id="guest-email" label="Your e-mail" error={errors.email}>
        <input
          {...describedBy("guest-email", errors.email)}
          className={inputClass}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set("email", e.target.value)}
        />
      </Field>
      <Field id="guest-note" label="Note (optional)" error={errors.note}>
        <textarea
          {...describedBy("guest-note", errors.note)}
          className={inputClass}
          rows={3}
          value={values.note}
          onChange={(e) => set("note", e.target.value)}
        />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <button type="submit" disabled={sending} className={buttonClass("primary", "w-full")}>
        {sending ? "Booking…" : "Book this time"}
      </button>
    </form>
  );
}
