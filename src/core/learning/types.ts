import type { EnergyLevel } from "../scheduler/types.ts";

/** The energy a task asks for (the scheduler's and the task list's word). */
export type TaskEnergy = "low" | "medium" | "high";
export const TASK_ENERGIES: readonly TaskEnergy[] = ["high", "medium", "low"];

/** Where a block sat, in the person's local time when it was planned. */
export type Placement = {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes from local midnight of its start. */
  minute: number;
  lengthMinutes: number;
};

/**
 * One piece of evidence of how the person actually works (issue 27). `at` is when it was
 * recorded (epoch ms): recent evidence weighs more. Kept as the person's data: in the export,
 * deleted with the account.
 */
export type Signal =
  /** A check-in: done, or skipped; or a past block nobody touched (weak evidence). */
  | { kind: "done" | "skipped" | "untouched"; at: number; energy: TaskEnergy; block: Placement }
  /** A check-in of part of the work: `minutes` of the block's length were done. */
  | { kind: "partly"; at: number; energy: TaskEnergy; block: Placement; minutes: number }
  /** The person moved one of Sage's blocks (in Sage or in their own calendar). */
  | {
      kind: "moved";
      at: number;
      energy: TaskEnergy;
      block: Placement;
      to: { weekday: number; minute: number };
    }
  /** A task marked done, with how long it took against the person's estimate. */
  | {
      kind: "finished";
      at: number;
      energy: TaskEnergy;
      estimateMinutes: number;
      actualMinutes: number;
    };

export type SignalKind = Signal["kind"];

/** What the person said: the model's prior. Minutes from local midnight. */
export type Prior = {
  energyWindows: readonly { start: number; end: number; level: EnergyLevel }[];
  /** Working hours of each working weekday (ISO 1–7); absent days are days off. */
  hours: Partial<Record<number, { start: number; end: number }>>;
  /** The hours most working days share (the windows for every day are placed in these). */
  usualHours: { start: number; end: number };
  /** How much longer than estimated the person said things take (1.25 = +25 %). */
  padding: number;
};

/** What the person asked Sage about one thing it learns ("hours" or "estimate"). */
export type Steer = {
  /** "Don't learn this": the stated profile stays. */
  off: boolean;
  /** Undo: evidence recorded before this instant no longer counts (epoch ms). */
  since?: number;
};
export type Steering = { hours: Steer; estimate: Steer };
export const NO_STEERING: Steering = { hours: { off: false }, estimate: { off: false } };

/** The chance that work of one energy level gets done when planned at one hour. */
export type HourCell = {
  hour: number;
  /** From what the person said (the questionnaire or their edit). */
  stated: number;
  /** After the evidence; equal to `stated` when there is none. */
  learned: number;
  /** How much evidence moved it: check-ins' worth, recent ones counting more. */
  evidence: number;
};

export type Window = { start: number; end: number; level: EnergyLevel };

export type LearnedHours = {
  /** The chance of each level's work being done at each hour 0–23 (all weekdays). */
  curves: Record<TaskEnergy, HourCell[]>;
  /** Windows the scheduler plans with for every working day. */
  windows: Window[];
  /** Windows of single weekdays whose evidence differs from the rest. */
  dayWindows: Partial<Record<number, Window[]>>;
  /** The stated peak (within the usual hours), and the learned one when it moved. */
  statedPeak: { start: number; end: number } | null;
  learnedPeak: { start: number; end: number } | null;
  /**
   * Whether hard work was seen getting done in the learned peak (else it moved because hard
   * work kept not getting done in the stated one, and Sage is trying the best other hours).
   */
  peakSeen: boolean;
  /**
   * The low hours the person gave that became ordinary time when their peak moved (their
   * answers no longer a good guess): Sage plans steady work there too, to see how it goes.
   */
  freedLow: { start: number; end: number }[];
  /** Weekdays whose own peak differs: weekday → its peak. */
  dayPeaks: Partial<Record<number, { start: number; end: number }>>;
  /** Whether the windows differ from the stated ones. */
  changed: boolean;
};

export type LearnedEstimate = {
  stated: number;
  /** The ratio of actual to estimated minutes Sage plans with (the stated one until learned). */
  learned: number;
  /** What the evidence says before rounding and thresholds (equal to `stated` without any). */
  raw: number;
  /** Finished tasks behind it, recent ones counting more. */
  evidence: number;
  byEnergy: Record<TaskEnergy, { learned: number; raw: number; evidence: number }>;
  /** Whether the ratio Sage plans with differs from the stated one. */
  changed: boolean;
};

export type Learned = {
  hours: LearnedHours;
  estimate: LearnedEstimate;
  /** Signals behind the model, by kind (after Undo and "don't learn this"). */
  counts: Record<SignalKind, number>;
};
