import ICAL from "ical.js";

/** Parses a feed with ical.js (an independent parser) into plain values for assertions. */
export function parseFeed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(tz);
  }
  const events = root.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent("valarm");
    return {
      vevent,
      event,
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: vevent.getFirstPropertyValue("url"),
      priority: vevent.getFirstPropertyValue("priority"),
      sequence: event.sequence,
      categories: vevent.getAllProperties("categories").flatMap((p) => p.getValues()),
      trigger: alarm ? String(alarm.getFirstPropertyValue("trigger")) : null,
      start: event.startDate,
      end: event.endDate,
      rrule: vevent.getFirstPropertyValue("rrule"),
      /** The first `n` occurrence starts as UTC instants. */
      occurrences(n: number): string[] {
        const it = event.iterator();
        const out: string[] = [];
        for (let next = it.next(); next && out.length < n; next = it.next()) {
          out.push(next.toJSDate().toISOString());
        }
        return out;
      },
    };
  });
  return { root, events };
}
