import { dayOf } from "../../../lib/date-label.ts";

export type Slot = { start: string; end: string };
/** One day of offered times, as the guest's calendar has it ("2026-11-26"). */
export type SlotDay = { date: string; slots: Slot[] };

/**
 * The offered slots grouped by the day they start on in `zone` (the guest's), in order. A
 * slot the host offers on a Monday evening may be a Tuesday morning for the guest: it is
 * listed on the guest's Tuesday.
 */
export function slotsByDay(slots: readonly Slot[], zone: string): SlotDay[] {
  const days: SlotDay[] = [];
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) {
    const date = dayOf(new Date(slot.start), zone);
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}
