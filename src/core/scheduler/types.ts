/** Inputs and outputs of the scheduler. Instants are epoch milliseconds (UTC). */

export type EnergyLevel = "peak" | "good" | "low";
export type Priority = "low" | "medium" | "high";

/** How a person works, from the productivity questionnaire (see src/core/productivity). */
export type SchedulerProfile = {
  /** IANA zone the day boundaries, working hours and windows are read in. */
  timezone: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  workingDays: number[];
  /** Minutes from local midnight. */
  workingHours: { start: number; end: number };
  /** Hours of one ISO weekday that differ from `workingHours` (minutes from local midnight). */
  dayHours?: Partial<Record<number, { start: number; end: number }>>;
  /** Minutes from local midnight; time outside every window counts as "good". */
  energyWindows: { start: number; end: number; level: EnergyLevel }[];
  /** Windows of one ISO weekday that differ from `energyWindows` (learned, issue 27). */
  dayWindows?: Partial<Record<number, { start: number; end: number; level: EnergyLevel }[]>>;
  focusBlockMinutes: number;
  /** Gap kept between two placed blocks. */
  breakMinutes: number;
  /** Gap kept around every busy event (hard constraint). */
  bufferMinutes: number;
  /** Most minutes of placed work per local day; the rest stays slack. */
  dailyLoadCapMinutes: number;
  /** People underestimate: estimates are multiplied by this (1.25 = +25 %). */
  estimatePadding: number;
  /** Padding learned per energy of work (issue 27); absent: `estimatePadding` for all. */
  paddingByEnergy?: Partial<Record<SchedulerTask["energy"], number>>;
  /** What of this profile was learned from the person's evidence (the reasons say so). */
  learned?: { hours: boolean; estimate: boolean };
};

export type SchedulerTask = {
  id: string;
  title: string;
  estimatedMinutes: number;
  deadline?: number;
  priority: Priority;
  energy: "low" | "medium" | "high";
  splittable: boolean;
  minChunkMinutes: number;
};

export type Interval = { start: number; end: number };

/** A block of a task. */
export type Block = Interval & { taskId: string };

export type ScheduleInput = {
  profile: SchedulerProfile;
  /** Existing events, recurrences already expanded. */
  busy: Interval[];
  tasks: SchedulerTask[];
  /** Blocks that must not move (locked by the user, or already started); they count as done work. */
  locked: Block[];
  /**
   * Work done outside any locked block, in minutes per task (what the person checked in on
   * blocks that are no longer planned): it shrinks the task's need and takes no time.
   */
  done?: { taskId: string; minutes: number }[];
  /** The previous plan's movable blocks: kept where they still fit, so a re-plan moves little. */
  previous?: Block[];
  /**
   * Tasks changed since their blocks in `previous` were placed (their energy or priority may
   * differ): only these are moved to hours that suit them better. Absent: every task.
   */
  changed?: string[];
  /** Times a task must not take (blocks the person threw back from a proposal). */
  avoid?: Block[];
  now: number;
  horizonDays: number;
};

export type Unplaced = { taskId: string; reason: string };

/**
 * A placed block, with how it was chosen: `kept` where last plan had it, `firstFit` in the
 * first free time long enough (when no better-scored spot left room for the task's chunks).
 */
export type PlacedBlock = Block & { kept: boolean; firstFit: boolean };

export type ScheduleResult = { placed: PlacedBlock[]; unplaced: Unplaced[] };
