import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import { localSeries } from "../../../../core/calendar/local-event.ts";
import {
  exdatesBefore,
  isFirstOccurrence,
  ruleEndingBefore,
  wallClockShifter,
  withExdate,
} from "../../../../core/calendar/occurrences.ts";
import type { Scope } from "../../../../core/contract/calendar.ts";

/** A change to some occurrences of a repeating event, as the queue keeps it. */
export type OccurrenceEdit = {
  seriesId: string;
  /** The occurrence's start as the series defines it (its RECURRENCE-ID). */
  occurrence: string;
  scope: Scope;
  /** The new content of the occurrence; null deletes. */
  draft: EventDraft | null;
  /** The id of the row the edit creates: the override (this) or the new series (following). */
  newId: string;
};

const at = (iso: string) => new Date(iso).getTime();

/**
 * The local copy after an occurrence edit: the same changes the server makes
 * (src/server/calendar/edit-occurrence.ts), so the view shows at once, offline too, what
 * the server will hold. Applied again over each refresh while the edit is queued.
 */
export function applyOccurrenceEdit(
  events: LocalEvent[],
  edit: OccurrenceEdit,
  zone: string,
): LocalEvent[] {
  const series = events.find((e) => e.id === edit.seriesId);
  if (!series?.recurrence) return events;
  const occurrence = new Date(edit.occurrence);
  const isOverride = (e: LocalEvent) => e.seriesId === series.id && e.recurrenceId !== undefined;
  const seriesZone = series.allDay ? "UTC" : zone;
  const first = isFirstOccurrence(localSeries(series), occurrence);
  const replace = (next: LocalEvent) => events.map((e) => (e.id === next.id ? next : e));

  if (edit.scope === "this") {
    const existing = events.find(
      (e) => isOverride(e) && at(e.recurrenceId!) === occurrence.getTime(),
    );
    const excluded = { ...series, exdates: withExdate(series.exdates ?? [], occurrence) };
    const rest = replace(excluded).filter((e) => e !== existing);
    if (!edit.draft) return rest;
    const override: LocalEvent = {
      ...edit.draft,
      recurrence: undefined,
      id: existing?.id ?? edit.newId,
      version: existing?.version ?? 0,
      source: "user",
      seriesId: series.id,
      recurrenceId: occurrence.toISOString(),
      ...(series.taskId ? { taskId: series.taskId } : {}),
    };
    return [...rest, override];
  }

  if (edit.scope === "following" && !first) {
    const rule = ruleEndingBefore(localSeries(series).rule!, occurrence, series.allDay);
    const ended: LocalEvent = {
      ...series,
      source: "user",
      recurrence: { ...series.recurrence, until: rule.until!, count: undefined },
      exdates: exdatesBefore(series.exdates ?? [], occurrence),
    };
    const kept = replace(ended).filter(
      (e) => !(isOverride(e) && at(e.recurrenceId!) >= occurrence.getTime()),
    );
    if (!edit.draft) return kept;
    return [...kept, { ...edit.draft, id: edit.newId, version: 0, source: "user" }];
  }

  // all, or following from the first occurrence
  if (!edit.draft) return events.filter((e) => e.id !== series.id && !isOverride(e));
  const shift = wallClockShifter(occurrence, new Date(edit.draft.startTime), seriesZone);
  const start = shift(series.startTime);
  const length = edit.draft.endTime ? at(edit.draft.endTime) - at(edit.draft.startTime) : null;
  const moved: LocalEvent = {
    ...edit.draft,
    id: series.id,
    version: series.version,
    source: "user",
    startTime: start,
    ...(length === null ? {} : { endTime: new Date(at(start) + length).toISOString() }),
    ...(series.taskId ? { taskId: series.taskId } : {}),
    exdates: (series.exdates ?? []).map(shift).sort(),
  };
  return replace(moved).map((e) =>
    isOverride(e) ? { ...e, recurrenceId: shift(e.recurrenceId!) } : e,
  );
}
