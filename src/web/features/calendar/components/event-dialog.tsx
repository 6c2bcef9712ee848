import * as Dialog from "@radix-ui/react-dialog";
import { DateTime } from "luxon";
import { type ReactNode, useEffect, useState } from "react";
import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import { LIMITS, PRIORITIES } from "../../../../core/contract/calendar.ts";
import { Button } from "../../../components/button.tsx";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import { Link } from "../../../lib/router.tsx";
import { useReturnFocus } from "../../../lib/use-return-focus.ts";
import {
  emptyForm,
  type FormErrors,
  type FormValues,
  formFromEvent,
  formToDraft,
} from "../lib/event-form.ts";
import { longEventQuestion } from "../lib/long-event.ts";
import { RecurrenceFields } from "./recurrence-fields.tsx";

const PRIORITY_LABEL = { low: "Low", medium: "Medium", high: "High" };

type Props = {
  open: boolean;
  /** The event being edited; null adds a new one. */
  event: LocalEvent | null;
  /** For a new event: the time slot to fill in (dragged across in the week view). */
  slot?: { start: Date; end: Date } | null | undefined;
  /** The heading, when "Edit event" / "Add event" is not the whole story. */
  title?: string | undefined;
  zone: string;
  onClose: () => void;
  onSave: (draft: EventDraft) => void;
  /** Shows a Delete button (the week view's dialog; the list has its own). */
  onDelete?: (() => void) | undefined;
  /** Shown above the fields: "How did it go?" for a task block that has begun. */
  checkIn?: ReactNode;
};

function slotForm(slot: Props["slot"], zone: string): FormValues {
  const empty = emptyForm(new Date(), zone);
  if (!slot) return empty;
  const at = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
  return { ...empty, start: at(slot.start), end: at(slot.end) };
}

/** The fields behind More: what a person sets less often than title, time and repeat. */
const MORE_FIELDS = ["description", "location", "reminder", "category", "priority", "url"] as const;

/** Whether an event already says something behind More (then More opens with it). */
const holdsMore = (v: FormValues) =>
  Boolean(v.description || v.location || v.reminder || v.category || v.url) ||
  v.priority !== "medium";

/** The add/edit modal (spec §5: title and start required, end optional, priority medium). */
export function EventDialog({
  open,
  event,
  slot,
  title,
  zone,
  onClose,
  onSave,
  onDelete,
  checkIn,
}: Props) {
  const [values, setValues] = useState<FormValues>(() => emptyForm(new Date(), zone));
  const [errors, setErrors] = useState<FormErrors>({});
  const [more, setMore] = useState(false);
  // a timed event longer than a day waits for "Save anyway": its draft and the question
  const [long, setLong] = useState<{ draft: EventDraft; question: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    const initial = event ? formFromEvent(event, zone) : slotForm(slot, zone);
    setValues(initial);
    setErrors({});
    setLong(null);
    setMore(holdsMore(initial));
  }, [open, event, slot, zone]);
  // a field with an error is never hidden
  const showMore = more || MORE_FIELDS.some((f) => errors[f]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // switching between timed and all-day keeps the dates and drops the times
      if (key === "allDay") {
        next.start = value ? v.start.slice(0, 10) : v.start ? `${v.start.slice(0, 10)}T09:00` : "";
        next.end = value ? v.end.slice(0, 10) : v.end ? `${v.end.slice(0, 10)}T10:00` : "";
      }
      return next;
    });
    setErrors((e) => ({ ...e, [key]: undefined }));
    setLong(null);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = formToDraft(values, zone);
    if (result.errors) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      document.getElementById(`event-${first}`)?.focus();
      return;
    }
    const question = longEventQuestion(result.draft, zone);
    if (question) {
      setLong({ draft: result.draft, question });
      return;
    }
    onSave(result.draft);
  };

  const timeType = values.allDay ? "date" : "datetime-local";
  // a guest's booking keeps its time (the server refuses a move) and is cancelled as a booking
  const fixed = Boolean(event?.bookedBy);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[min(40rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">
            {title ?? (event ? "Edit event" : "Add event")}
          </Dialog.Title>
          {event?.why ? (
            <p className="mt-1 text-sm text-stone-700">
              <span className="font-medium">Why here:</span> {event.why}. Move it and it becomes
              yours — Sage plans around it.
            </p>
          ) : null}
          {event?.bookedBy ? (
            <p className="mt-1 text-sm text-stone-700">
              {event.bookedBy}’s booking through your booking link. Its time is fixed: Sage can’t
              tell {event.bookedBy} about a new one. To change or cancel it, go to{" "}
              <Link to="/booking-links" className="font-semibold text-sage-800 underline">
                Booking links
              </Link>
              .
            </p>
          ) : null}
          {event?.recurrence && !title ? (
            <p className="mt-1 text-sm text-stone-600">Changes apply to every repeat.</p>
          ) : null}
          {checkIn ? <div className="mt-3">{checkIn}</div> : null}
          <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field id="event-title" label="Title" error={errors.title} className="sm:col-span-2">
              <input
                {...describedBy("event-title", errors.title)}
                className={inputClass}
                required
                maxLength={LIMITS.title}
                value={values.title}
                onChange={(e) => set("title", e.target.value)}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
              <input
                type="checkbox"
                checked={values.allDay}
                disabled={fixed}
                onChange={(e) => set("allDay", e.target.checked)}
              />
              All day
            </label>
            <Field
              id="event-start"
              label={values.allDay ? "Start date" : "Start"}
              error={errors.start}
            >
              <input
                {...describedBy("event-start", errors.start)}
                className={`${inputClass} read-only:bg-stone-100 read-only:text-stone-600`}
                type={timeType}
                required
                readOnly={fixed}
                value={values.start}
                onChange={(e) => set("start", e.target.value)}
              />
            </Field>
            <Field
              id="event-end"
              label={values.allDay ? "End date (optional)" : "End (optional)"}
              error={errors.end}
            >
              <input
                {...describedBy("event-end", errors.end)}
                className={`${inputClass} read-only:bg-stone-100 read-only:text-stone-600`}
                type={timeType}
                readOnly={fixed}
                value={values.end}
                onChange={(e) => set("end", e.target.value)}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
              <input
                type="checkbox"
                checked={values.recurring}
                disabled={fixed}
                onChange={(e) => set("recurring", e.target.checked)}
              />
              Recurring event
            </label>
            {values.recurring ? (
              <div className="sm:col-span-2">
                <RecurrenceFields values={values} errors={errors} set={set} />
              </div>
            ) : null}
            {/* what people set less often waits behind More (opened when it holds anything) */}
            <div className="sm:col-span-2">
              <button
                type="button"
                aria-expanded={showMore}
                aria-controls="event-more"
                className="rounded-lg px-2 py-1 text-sm font-semibold text-sage-800 hover:bg-sage-50"
                onClick={() => setMore((m) => !m)}
              >
                {showMore ? "Fewer details" : "More: description, place, reminder…"}
              </button>
            </div>
            <div id="event-more" className={showMore ? "contents" : "hidden"}>
              <Field
                id="event-description"
                label="Description"
                error={errors.description}
                className="sm:col-span-2"
              >
                <textarea
                  {...describedBy("event-description", errors.description)}
                  className={inputClass}
                  rows={3}
                  maxLength={LIMITS.description}
                  value={values.description}
                  onChange={(e) => set("description", e.target.value)}
                />
              </Field>
              <Field id="event-location" label="Location" error={errors.location}>
                <input
                  {...describedBy("event-location", errors.location)}
                  className={inputClass}
                  maxLength={LIMITS.location}
                  value={values.location}
                  onChange={(e) => set("location", e.target.value)}
                />
              </Field>
              <Field id="event-reminder" label="Reminder (minutes before)" error={errors.reminder}>
                <input
                  {...describedBy("event-reminder", errors.reminder)}
                  className={inputClass}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={values.reminder}
                  onChange={(e) => set("reminder", e.target.value)}
                />
              </Field>
              <Field id="event-category" label="Category" error={errors.category}>
                <input
                  {...describedBy("event-category", errors.category)}
                  className={inputClass}
                  maxLength={LIMITS.category}
                  value={values.category}
                  onChange={(e) => set("category", e.target.value)}
                />
              </Field>
              <Field id="event-priority" label="Priority" error={errors.priority}>
                <select
                  {...describedBy("event-priority", errors.priority)}
                  className={inputClass}
                  value={values.priority}
                  onChange={(e) => set("priority", e.target.value as FormValues["priority"])}
                >
                  {PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {PRIORITY_LABEL[p]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="event-url" label="URL" error={errors.url} className="sm:col-span-2">
                <input
                  {...describedBy("event-url", errors.url)}
                  className={inputClass}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={values.url}
                  onChange={(e) => set("url", e.target.value)}
                />
              </Field>
            </div>
            {long ? (
              <fieldset
                aria-labelledby="event-long-question"
                className="flex flex-wrap items-center justify-end gap-2 rounded-xl bg-amber-50 p-3 sm:col-span-2"
              >
                <p
                  id="event-long-question"
                  role="alert"
                  className="mr-auto min-w-0 break-words text-sm font-medium text-amber-950"
                >
                  {long.question}
                </p>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setLong(null);
                    document.getElementById("event-end")?.focus();
                  }}
                >
                  Change it
                </Button>
                <Button autoFocus onClick={() => onSave(long.draft)}>
                  Save anyway
                </Button>
              </fieldset>
            ) : (
              <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
                {event && onDelete && !fixed ? (
                  <button
                    type="button"
                    className="mr-auto rounded-xl px-4 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                    onClick={onDelete}
                  >
                    Delete
                  </button>
                ) : null}
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit">{event ? "Save changes" : "Save event"}</Button>
              </div>
            )}
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
