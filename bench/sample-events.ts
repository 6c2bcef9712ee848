import type { FeedEvent } from "../src/core/calendar/calendar-feed.ts";

/** `n` realistic events: a third weekly-recurring, some with notes, places and reminders. */
export function makeEvents(n: number): FeedEvent[] {
  const base = Date.UTC(2025, 0, 6, 8);
  return Array.from({ length: n }, (_, i) => {
    const start = base + i * 3_600_000 * 5;
    const recurring = i % 3 === 0;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title: `Focus block ${i}: write, review; plan 🎯`,
      description:
        i % 2 ? `Notes for block ${i}.\nKeep the phone away, take a 5-minute break.` : null,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 5_400_000).toISOString(),
      all_day: false,
      location: i % 4 ? "Home office" : null,
      reminder_minutes: i % 5 ? 10 : null,
      category: "Deep work",
      priority: (["low", "medium", "high"] as const)[i % 3]!,
      url: null,
      recurrence_frequency: recurring ? "WEEKLY" : null,
      recurrence_interval: recurring ? 1 : null,
      recurrence_by_day: recurring ? '["MO","WE"]' : null,
      recurrence_by_month_day: null,
      recurrence_until: null,
      recurrence_count: recurring ? 12 : null,
      version: 1 + (i % 4),
      created_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-02T00:00:00.000Z",
    };
  });
}
