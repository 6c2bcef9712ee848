import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { expandSeries } from "../../src/core/calendar/external/expand-series.ts";
import { parseCalendar } from "../../src/core/calendar/external/parse-calendar.ts";
import { icsFixture } from "../support/ics-server.ts";

/**
 * An independent oracle: Debian's python3-recurring-ical-events (dateutil rrule) expands
 * the same fixtures; timed occurrences must agree. Known differences of the oracle's 2.0.1
 * are left out and named: it ignores RANGE=THISANDFUTURE (Apple fixture) and reads a UTC
 * UNTIL equal to the last start as exclusive (Outlook fixture), both against RFC 5545.
 */
const PYTHON = "/usr/bin/python3";
const SCRIPT = fileURLToPath(new URL("../support/ical-oracle.py", import.meta.url));
const available =
  existsSync(PYTHON) &&
  spawnSync(PYTHON, ["-c", "import recurring_ical_events, icalendar"]).status === 0;

const FROM = "2026-03-01T00:00:00Z";
const TO = "2026-06-30T00:00:00Z";

function ours(name: string): [string, string][] {
  return parseCalendar(icsFixture(name))
    .series.flatMap((s) =>
      expandSeries(s, { from: new Date(FROM), to: new Date(TO), personZone: "UTC", addresses: [] }),
    )
    .filter((o) => !o.allDay)
    .map((o): [string, string] => [o.uid, o.start.toISOString().replace(".000", "")])
    .sort();
}

function oracle(name: string): [string, string][] {
  const file = fileURLToPath(
    new URL(`../../src/core/calendar/external/fixtures/${name}.ics`, import.meta.url),
  );
  const run = spawnSync(PYTHON, [SCRIPT, file, FROM, TO], { encoding: "utf8", timeout: 20_000 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as [string, string][];
}

describe.runIf(available)("expansion agrees with python's recurring-ical-events", () => {
  it.each(["google", "thunderbird"])("%s fixture: the same timed occurrences", (name) => {
    // the oracle reads floating times as floating and skips them; ours puts them in a zone
    const floatingUids = new Set(["c0ffee00-1111-4222-8333-944455556666"]);
    expect(ours(name).filter(([uid]) => !floatingUids.has(uid))).toEqual(oracle(name));
  });

  it("outlook fixture: the same, but for the inclusive UTC UNTIL the oracle drops", () => {
    const mine = ours("outlook");
    const theirs = oracle("outlook");
    expect(mine.filter((o) => !theirs.some((t) => t[0] === o[0] && t[1] === o[1]))).toEqual([
      [
        "040000008200E00074C5B7101A82E00800000000B0A9E8D0A1B2DA01000000000000000010000000F3C1",
        "2026-04-02T07:00:00Z",
      ],
    ]);
    expect(theirs.filter((t) => !mine.some((o) => o[0] === t[0] && o[1] === t[1]))).toEqual([]);
  });
});
