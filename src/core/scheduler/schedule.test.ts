import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { overlaps } from "./intervals.ts";
import { chunksFor, paddedMinutes, schedule } from "./schedule.ts";
import type { Block, Interval, ScheduleInput, SchedulerProfile, SchedulerTask } from "./types.ts";

const ZONE = "Europe/London";
const MIN = 60_000;
const profile: SchedulerProfile = {
  timezone: ZONE,
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: 9 * 60, end: 17 * 60 },
  energyWindows: [
    { start: 9 * 60, end: 12 * 60, level: "peak" },
    { start: 13 * 60, end: 15 * 60, level: "low" },
  ],
  focusBlockMinutes: 50,
  breakMinutes: 10,
  bufferMinutes: 15,
  dailyLoadCapMinutes: 300,
  estimatePadding: 1.2,
};
// Monday 2026-11-23 07:00 in London
const monday = DateTime.fromISO("2026-11-23T07:00", { zone: ZONE }).toMillis();
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const local = (t: number) => DateTime.fromMillis(t, { zone: ZONE });

/** Where blocks are, without how they were chosen. */
const spots = (blocks: Block[]): Block[] =>
  blocks.map(({ taskId, start, end }) => ({ taskId, start, end }));

const task = (over: Partial<SchedulerTask> & { id: string }): SchedulerTask => ({
  title: over.id,
  estimatedMinutes: 60,
  priority: "medium",
  energy: "medium",
  splittable: true,
  minChunkMinutes: 25,
  ...over,
});

const base = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  profile,
  busy: [],
  tasks: [],
  locked: [],
  now: monday,
  horizonDays: 7,
  ...over,
});

/** The rules every plan keeps, checked on any input. */
function checkInvariants(input: ScheduleInput, placed: Block[], unplacedIds: string[]) {
  const p = input.profile;
  for (const b of placed) {
    expect(b.start).toBeGreaterThanOrEqual(input.now);
    const s = local(b.start);
    const e = local(b.end);
    expect(s.toISODate()).toBe(e.toISODate());
    expect(p.workingDays).toContain(s.weekday);
    expect(s.hour * 60 + s.minute).toBeGreaterThanOrEqual(p.workingHours.start);
    expect(e.hour * 60 + e.minute || 24 * 60).toBeLessThanOrEqual(p.workingHours.end);
    for (const busy of input.busy) {
      const padded = {
        start: busy.start - p.bufferMinutes * MIN,
        end: busy.end + p.bufferMinutes * MIN,
      };
      expect(overlaps(b, padded), "buffer kept around busy time").toBe(false);
    }
  }
  const sorted = [...placed].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    expect(sorted[i]!.start - sorted[i - 1]!.end).toBeGreaterThanOrEqual(p.breakMinutes * MIN);
  }
  const perDay = new Map<string, number>();
  for (const b of placed) {
    const key = local(b.start).toISODate()!;
    perDay.set(key, (perDay.get(key) ?? 0) + (b.end - b.start) / MIN);
  }
  for (const minutes of perDay.values()) expect(minutes).toBeLessThanOrEqual(p.dailyLoadCapMinutes);
  for (const t of input.tasks) {
    const minutes = placed
      .filter((b) => b.taskId === t.id)
      .reduce((s, b) => s + (b.end - b.start) / MIN, 0);
    const need = paddedMinutes(t.estimatedMinutes, p.estimatePadding);
    if (unplacedIds.includes(t.id)) expect(minutes).toBe(0);
    else expect(minutes).toBe(need);
    if (t.deadline && !unplacedIds.includes(t.id)) {
      for (const b of placed.filter((x) => x.taskId === t.id))
        expect(b.end).toBeLessThanOrEqual(t.deadline);
    }
    for (const b of placed.filter((x) => x.taskId === t.id)) {
      if (t.splittable)
        expect(b.end - b.start).toBeGreaterThanOrEqual(Math.min(need, t.minChunkMinutes) * MIN);
    }
  }
}

describe("schedule", () => {
  it("puts high-energy work in the peak window and low-energy work in the low window", () => {
    const input = base({
      tasks: [
        task({ id: "write", energy: "high", estimatedMinutes: 100, splittable: false }),
        task({ id: "email", energy: "low", estimatedMinutes: 45 }),
      ],
    });
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    const write = placed.find((b) => b.taskId === "write")!;
    expect(local(write.start).hour).toBeGreaterThanOrEqual(9);
    expect(local(write.end).hour * 60 + local(write.end).minute).toBeLessThanOrEqual(12 * 60);
    const email = placed.find((b) => b.taskId === "email")!;
    expect(local(email.start).hour).toBeGreaterThanOrEqual(13);
    expect(local(email.end).hour * 60 + local(email.end).minute).toBeLessThanOrEqual(15 * 60);
    checkInvariants(input, placed, []);
  });

  it("pads estimates (realistic blocks) and splits into focus-sized chunks", () => {
    expect(paddedMinutes(100, 1.2)).toBe(120);
    expect(chunksFor(task({ id: "t" }), 120, 50)).toEqual([50, 70]); // 20 alone is under the minimum
    expect(chunksFor(task({ id: "t", splittable: false }), 120, 50)).toEqual([120]);
    expect(chunksFor(task({ id: "t" }), 150, 50)).toEqual([50, 50, 50]);
  });

  it("keeps buffers around events and breaks between blocks", () => {
    const meeting = { start: at("2026-11-23T10:00"), end: at("2026-11-23T11:00") };
    const input = base({
      busy: [meeting],
      tasks: [task({ id: "a", energy: "high" }), task({ id: "b", energy: "high" })],
    });
    const { placed } = schedule(input);
    checkInvariants(input, placed, []);
  });

  it("never places in the past", () => {
    const input = base({ now: at("2026-11-23T14:02"), tasks: [task({ id: "a" })] });
    const { placed } = schedule(input);
    expect(placed[0]!.start).toBeGreaterThanOrEqual(at("2026-11-23T14:05"));
  });

  it("meets a deadline even when a higher-priority task without one wants the same time", () => {
    const input = base({
      profile: { ...profile, workingDays: [1], dailyLoadCapMinutes: 480 },
      tasks: [
        task({ id: "big", priority: "high", estimatedMinutes: 300, energy: "high" }),
        task({
          id: "due",
          priority: "low",
          estimatedMinutes: 100,
          deadline: at("2026-11-23T17:00"),
        }),
      ],
    });
    const { placed, unplaced } = schedule(input);
    expect(unplaced.map((u) => u.taskId)).not.toContain("due");
    checkInvariants(
      input,
      placed,
      unplaced.map((u) => u.taskId),
    );
  });

  it("a re-plan moves a task whose energy was raised into the peak, and keeps the others", () => {
    const report = task({ id: "report", estimatedMinutes: 50, energy: "high", splittable: false });
    const email = task({ id: "email", estimatedMinutes: 50, energy: "medium", splittable: false });
    const previous: Block[] = [
      // planned when the report was routine work: Monday afternoon, outside the 9–12 peak
      { taskId: "report", start: at("2026-11-23T15:00"), end: at("2026-11-23T16:00") },
      { taskId: "email", start: at("2026-11-23T16:00"), end: at("2026-11-23T17:00") },
    ];
    const input = base({
      profile: { ...profile, estimatePadding: 1.2 },
      tasks: [report, email],
      previous,
    });
    const { placed } = schedule(input);
    const moved = placed.find((b) => b.taskId === "report")!;
    expect(local(moved.start).hour).toBeGreaterThanOrEqual(9);
    expect(local(moved.end).hour * 60 + local(moved.end).minute).toBeLessThanOrEqual(12 * 60);
    expect(spots(placed.filter((b) => b.taskId === "email"))).toEqual([previous[1]]);
    expect(placed.find((b) => b.taskId === "email")!.kept).toBe(true);
    expect(moved.kept).toBe(false);
  });

  it("a low-priority deadline gives way to a more important one that cannot fit beside it", () => {
    // one working day, 3 h cap: the low task (2.5 h, due noon) comes first by deadline and
    // would leave no room for the high-priority task due that evening
    const input = base({
      profile: { ...profile, workingDays: [1], dailyLoadCapMinutes: 180, estimatePadding: 1 },
      horizonDays: 1,
      tasks: [
        task({
          id: "low",
          priority: "low",
          estimatedMinutes: 150,
          deadline: at("2026-11-23T12:00"),
        }),
        task({
          id: "high",
          priority: "high",
          estimatedMinutes: 120,
          deadline: at("2026-11-23T17:00"),
        }),
      ],
    });
    const { placed, unplaced } = schedule(input);
    expect(new Set(placed.map((b) => b.taskId))).toEqual(new Set(["high"]));
    expect(unplaced.map((u) => u.taskId)).toEqual(["low"]);
    checkInvariants(input, placed, ["low"]);
  });

  it("a due task is never pushed out by work without a deadline, however important", () => {
    const input = base({
      profile: { ...profile, workingDays: [1], dailyLoadCapMinutes: 180, estimatePadding: 1 },
      horizonDays: 1,
      tasks: [
        task({
          id: "due",
          priority: "low",
          estimatedMinutes: 150,
          deadline: at("2026-11-23T12:00"),
        }),
        task({ id: "big", priority: "high", estimatedMinutes: 120 }),
        task({ id: "other", priority: "high", estimatedMinutes: 60 }),
      ],
    });
    const { placed } = schedule(input);
    expect(placed.some((b) => b.taskId === "due")).toBe(true);
  });

  it("packs a task's chunks tightly when the best spot for one would leave no room for the rest", () => {
    // peak 10–12: the 60-minute chunk's best spot is 10:00, which leaves no 90 minutes before noon
    const input = base({
      profile: { ...profile, energyWindows: [{ start: 10 * 60, end: 12 * 60, level: "peak" }] },
      tasks: [
        task({
          id: "deck",
          energy: "high",
          priority: "high",
          estimatedMinutes: 125,
          minChunkMinutes: 60,
          deadline: at("2026-11-23T12:00"),
        }),
      ],
    });
    expect(chunksFor(input.tasks[0]!, 150, 50)).toEqual([60, 90]);
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    expect(placed.map((b) => (b.end - b.start) / MIN).sort()).toEqual([60, 90]);
    checkInvariants(input, placed, []);
  });

  it("reports an impossible deadline with the hours needed and free", () => {
    const input = base({
      tasks: [task({ id: "report", estimatedMinutes: 300, deadline: at("2026-11-23T12:00") })],
    });
    const { placed, unplaced } = schedule(input);
    expect(placed).toEqual([]);
    expect(unplaced[0]!.reason).toMatch(
      /^Needs 6 h before Mon 23 Nov, 12:00, but only 3 h is free/,
    );
  });

  it("respects the daily load cap, leaving slack", () => {
    const input = base({
      profile: { ...profile, dailyLoadCapMinutes: 120 },
      tasks: Array.from({ length: 6 }, (_, i) => task({ id: `t${i}`, estimatedMinutes: 50 })),
    });
    const { placed, unplaced } = schedule(input);
    checkInvariants(
      input,
      placed,
      unplaced.map((u) => u.taskId),
    );
    expect(unplaced).toEqual([]);
  });

  it("a re-plan keeps unchanged blocks where they are", () => {
    const input = base({
      tasks: [
        task({ id: "a", energy: "high" }),
        task({ id: "b" }),
        task({ id: "c", energy: "low" }),
      ],
    });
    const first = schedule(input);
    const meeting = { start: at("2026-11-26T09:00"), end: at("2026-11-26T10:00") }; // Thursday
    const again = schedule({ ...input, busy: [meeting], previous: first.placed });
    expect(spots(again.placed)).toEqual(spots(first.placed));
    expect(again.placed.every((b) => b.kept)).toBe(true);
  });

  it("a re-plan moves only the block an event landed on, not its task's other blocks", () => {
    // 4 h of one task, in chunks of 50 min: an event lands on the second chunk
    const input = base({ tasks: [task({ id: "big", estimatedMinutes: 200 })] });
    const first = schedule(input);
    expect(first.placed.length).toBeGreaterThan(2);
    const hit = first.placed[1]!;
    const meeting = { start: hit.start + 10 * MIN, end: hit.start + 40 * MIN };
    const again = schedule({ ...input, busy: [meeting], previous: first.placed });
    expect(again.unplaced).toEqual([]);
    const before = new Set(first.placed.map((b) => `${b.start}|${b.end}`));
    const moved = again.placed.filter((b) => !before.has(`${b.start}|${b.end}`));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.end - moved[0]!.start).toBe(hit.end - hit.start);
    expect(moved[0]!.kept).toBe(false);
    expect(again.placed.filter((b) => b.kept)).toHaveLength(first.placed.length - 1);
    checkInvariants({ ...input, busy: [meeting] }, again.placed, []);
  });

  it("a task whose kept blocks leave no room for the rest is planned afresh, whole", () => {
    // one day, no splitting room: 2 chunks before a deadline; an event takes the first one's
    // time and the only room left for it would overlap the kept second chunk
    const input = base({
      profile: { ...profile, workingDays: [1], estimatePadding: 1, breakMinutes: 0 },
      horizonDays: 1,
      tasks: [
        task({
          id: "t",
          estimatedMinutes: 100,
          deadline: at("2026-11-23T11:00"),
          minChunkMinutes: 50,
        }),
      ],
    });
    const first = schedule(input);
    expect(spots(first.placed).map((b) => local(b.start).toFormat("HH:mm"))).toEqual([
      "09:00",
      "09:50",
    ]);
    // with its 15 min buffer, free from 9:20; keeping 9:50–10:40 leaves 30 + 20 min apart
    const meeting = { start: at("2026-11-23T09:00"), end: at("2026-11-23T09:05") };
    const again = schedule({ ...input, busy: [meeting], previous: first.placed });
    expect(again.unplaced).toEqual([]);
    expect(again.placed.map((b) => local(b.start).toFormat("HH:mm"))).toEqual(["09:20", "10:10"]);
    checkInvariants({ ...input, busy: [meeting] }, again.placed, []);
    expect(again.placed.reduce((s, b) => s + (b.end - b.start) / MIN, 0)).toBe(100);
  });

  it("blocks that have started are never moved and count as done", () => {
    const started: Block = {
      taskId: "a",
      start: at("2026-11-23T09:00"),
      end: at("2026-11-23T10:00"),
    };
    const input = base({
      now: at("2026-11-23T09:30"),
      tasks: [task({ id: "a", estimatedMinutes: 100 })],
      locked: [started],
    });
    const { placed } = schedule(input);
    const minutes = placed.reduce((s, b) => s + (b.end - b.start) / MIN, 0);
    expect(minutes).toBe(120 - 60);
    for (const b of placed) expect(b.start).toBeGreaterThanOrEqual(started.end + 10 * MIN);
  });

  it("work checked in as done shrinks the task's need", () => {
    const input = base({
      tasks: [task({ id: "a", estimatedMinutes: 100 })],
      done: [{ taskId: "a", minutes: 30 }],
    });
    const { placed } = schedule(input);
    const minutes = placed.reduce((s, b) => s + (b.end - b.start) / MIN, 0);
    expect(minutes).toBe(120 - 30);
  });

  it("a task whose work is all checked in is not placed again", () => {
    const input = base({
      tasks: [task({ id: "a", estimatedMinutes: 50 })],
      done: [{ taskId: "a", minutes: 60 }],
    });
    expect(schedule(input)).toEqual({ placed: [], unplaced: [] });
  });

  it("reads working hours in the user's zone across a DST change", () => {
    const ny: SchedulerProfile = { ...profile, timezone: "America/New_York", workingDays: [7, 1] };
    // 2026-11-01 is the end of DST in New York
    const now = DateTime.fromISO("2026-11-01T00:30", { zone: "America/New_York" }).toMillis();
    const { placed } = schedule({
      ...base(),
      profile: ny,
      now,
      horizonDays: 1,
      tasks: [task({ id: "a" })],
    });
    const s = DateTime.fromMillis(placed[0]!.start, { zone: "America/New_York" });
    expect(s.hour).toBeGreaterThanOrEqual(9);
  });

  it("never puts a task in a time the person threw back, and the rest of the plan stays", () => {
    const input = base({ tasks: [task({ id: "a", energy: "high" }), task({ id: "b" })] });
    const first = schedule(input);
    const thrown = first.placed.find((p) => p.taskId === "a")!;
    const again = schedule({
      ...input,
      previous: first.placed.filter((p) => p.taskId !== "a"),
      avoid: [thrown],
    });
    expect(again.unplaced).toEqual([]);
    const a = again.placed.filter((p) => p.taskId === "a");
    expect(a.length).toBeGreaterThan(0);
    for (const p of a) expect(p.end <= thrown.start || p.start >= thrown.end).toBe(true);
    expect(spots(again.placed.filter((p) => p.taskId === "b"))).toEqual(
      spots(first.placed.filter((p) => p.taskId === "b")),
    );
    checkInvariants(input, again.placed, []);
  });

  it("honours one weekday's own hours, and the common hours on the others", () => {
    const input = base({
      profile: { ...profile, dayHours: { 5: { start: 15 * 60, end: 17 * 60 } } },
      tasks: Array.from({ length: 12 }, (_, i) => task({ id: `t${i}`, estimatedMinutes: 150 })),
      horizonDays: 7,
    });
    const { placed } = schedule(input);
    const friday = placed.filter((b) => local(b.start).weekday === 5);
    expect(friday.length).toBeGreaterThan(0);
    for (const b of friday) {
      expect(local(b.start).hour * 60 + local(b.start).minute).toBeGreaterThanOrEqual(15 * 60);
      expect(local(b.end).hour * 60 + local(b.end).minute).toBeLessThanOrEqual(17 * 60);
    }
    // Monday keeps 9-to-5: its blocks start before three o'clock
    expect(placed.some((b) => local(b.start).weekday === 1 && local(b.start).hour < 15)).toBe(true);
  });

  it("is deterministic", () => {
    const input = base({ tasks: [task({ id: "x" }), task({ id: "y", energy: "high" })] });
    expect(schedule(input)).toEqual(schedule(input));
  });
});

describe("schedule — property checks on random calendars", () => {
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  it("keeps every rule on 200 random instances", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      const busy: Interval[] = [];
      for (let i = 0; i < Math.floor(r() * 25); i++) {
        const start = monday + Math.floor(r() * 7 * 24 * 4) * 15 * MIN;
        busy.push({ start, end: start + (15 + Math.floor(r() * 8) * 15) * MIN });
      }
      const tasks: SchedulerTask[] = Array.from({ length: 1 + Math.floor(r() * 12) }, (_, i) =>
        task({
          id: `t${i}`,
          estimatedMinutes: 15 + Math.floor(r() * 16) * 15,
          priority: (["low", "medium", "high"] as const)[Math.floor(r() * 3)]!,
          energy: (["low", "medium", "high"] as const)[Math.floor(r() * 3)]!,
          splittable: r() > 0.3,
          minChunkMinutes: 15 + Math.floor(r() * 3) * 10,
          deadline: r() > 0.5 ? monday + Math.floor(1 + r() * 7 * 24) * 60 * MIN : undefined,
        }),
      );
      const input = base({
        busy,
        tasks,
        now: monday + Math.floor(r() * 48) * 30 * MIN,
        profile: {
          ...profile,
          dailyLoadCapMinutes: 120 + Math.floor(r() * 5) * 60,
          bufferMinutes: Math.floor(r() * 4) * 5,
        },
      });
      const { placed, unplaced } = schedule(input);
      checkInvariants(
        input,
        placed,
        unplaced.map((u) => u.taskId),
      );
      expect(
        new Set([...placed.map((b) => b.taskId), ...unplaced.map((u) => u.taskId)]).size,
      ).toBeGreaterThanOrEqual(Math.min(tasks.length, new Set(tasks.map((t) => t.id)).size) - 0);
      for (const u of unplaced) expect(u.reason.length).toBeGreaterThan(10);
    }
  });
});
