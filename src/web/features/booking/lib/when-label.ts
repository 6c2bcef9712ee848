import { dayLabel, dayOf, timeLabel, timeRangeLabel, type Where } from "../../../lib/date-label.ts";

/**
 * When a booking is, in `where.zone` (absent: the browser's), as the locale writes it: "Thursday,
 * November 26, 9:30 – 10:00 AM". A meeting that ends after midnight keeps its start's date
 * and both clocks ("…, 23:30 – 00:15"): the date is said once.
 */
export function whenLabel(start: string, end: string, where: Where = {}): string {
  const s = new Date(start);
  const e = new Date(end);
  const { zone } = where;
  const day = dayLabel(dayOf(s, zone), { style: "long", locale: where.locale });
  const times =
    dayOf(s, zone) === dayOf(e, zone)
      ? timeRangeLabel(s, e, where)
      : `${timeLabel(s, where)} – ${timeLabel(e, where)}`;
  return `${day}, ${times}`;
}
