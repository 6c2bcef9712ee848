import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, type FeedEvent } from "../../src/core/calendar/calendar-feed.ts";
import { type EventFieldsInput, eventFields } from "../../src/core/contract/calendar.ts";

/**
 * The feed against a validator nobody here wrote: libical (Debian's libical-dev, installed by
 * .ci/run) parses it and applies its RFC 5546 restrictions. The checker is compiled once per
 * run from tests/support/ical-validate.c.
 */
const SOURCE = fileURLToPath(new URL("../support/ical-validate.c", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "sage-libical-"));
const checker = path.join(dir, "ical-validate");
const flags = spawnSync("pkg-config", ["--cflags", "--libs", "libical"], { encoding: "utf8" });
const built =
  flags.status === 0 &&
  spawnSync("gcc", ["-o", checker, SOURCE, ...flags.stdout.trim().split(/\s+/)]).status === 0;

function validate(text: string): { ok: boolean; errors: string } {
  const file = path.join(dir, `feed-${Math.random().toString(36).slice(2)}.ics`);
  writeFileSync(file, text);
  const run = spawnSync(checker, [file], { encoding: "utf8", timeout: 20_000 });
  return { ok: run.status === 0, errors: run.stdout + run.stderr };
}

let seq = 0;
function feedEvent(input: EventFieldsInput, extra: Partial<FeedEvent> = {}): FeedEvent {
  seq += 1;
  return {
    ...eventFields.parse(input),
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    version: 2,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-02T03:04:05.000Z",
    ...extra,
  };
}

describe.runIf(built || process.env.CI)("the feed passes libical's validator", () => {
  it("a feed of every kind of event Sage writes has no error", () => {
    expect(built, "gcc and libical-dev are needed (see .ci/run)").toBe(true);
    const series = feedEvent({
      title: "Swim; lanes, 50 m",
      description: "Bring goggles\nand a towel",
      start_time: "2026-03-23T17:00:00Z",
      end_time: "2026-03-23T18:00:00Z",
      recurrence_frequency: "WEEKLY",
      recurrence_by_day: JSON.stringify(["MO", "WE"]),
      reminder_minutes: 15,
    });
    const events = [
      feedEvent({
        title: "Deep work — the report",
        start_time: "2026-03-24T07:00:00Z",
        end_time: "2026-03-24T09:00:00Z",
        location: "Library",
        category: "Focus",
        priority: "high",
        url: "https://example.com/doc",
      }),
      { ...series, exdates: ["2026-03-30T16:00:00.000Z"] },
      feedEvent(
        {
          title: "Swim (moved)",
          start_time: "2026-04-01T18:00:00Z",
          end_time: "2026-04-01T19:00:00Z",
        },
        { series_id: series.id, recurrence_id: "2026-04-01T16:00:00.000Z" },
      ),
      feedEvent({
        title: "Birthday",
        start_time: "2026-05-01T00:00:00Z",
        end_time: "2026-05-02T00:00:00Z",
        all_day: true,
        recurrence_frequency: "YEARLY",
      }),
    ];
    const text = buildCalendarFeed({
      events,
      zone: "Europe/Berlin",
      now: new Date("2026-03-20T00:00:00Z"),
    });
    expect(validate(text)).toEqual({ ok: true, errors: "" });
  });

  it("the checker does catch what libical refuses (METHOD without ORGANIZER)", () => {
    expect(built).toBe(true);
    const text = buildCalendarFeed({
      events: [feedEvent({ title: "A", start_time: "2026-03-24T07:00:00Z" })],
      zone: "UTC",
    }).replace("VERSION:2.0\r\n", "VERSION:2.0\r\nMETHOD:PUBLISH\r\n");
    const result = validate(text);
    expect(result.ok).toBe(false);
    expect(result.errors).toContain("ORGANIZER");
  });
});
