import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { CalendarDataError } from "../../../../core/calendar/external/types.ts";
import { AppError } from "../../../errors.ts";
import { type CalendarJob, type CalendarJobResult, runCalendarJob } from "./calendar-jobs.ts";
import type { WorkerAnswer } from "./calendar-worker.ts";

export type CalendarPoolOptions = {
  /** Worker threads at most (started on demand, stopped when idle). */
  size: number;
  /** Jobs waiting for a worker at most; beyond it a job is refused at once (CalendarPoolBusy). */
  maxQueued: number;
  /** A job running longer is stopped (its worker terminated) and answers CalendarDataError. */
  timeoutMs: number;
  /** The worker's old-generation heap cap; a calendar that needs more answers CalendarDataError. */
  maxHeapMb: number;
  /** An idle worker is stopped after this long, returning its memory. */
  idleMs: number;
};

const DEFAULTS: CalendarPoolOptions = {
  // the server's own thread keeps a core; at most two workers whatever the machine
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 32,
  timeoutMs: 30_000,
  maxHeapMb: 1024,
  idleMs: 30_000,
};

/**
 * Inputs below this many characters are read on the calling thread: measured at ~5 ms of
 * parsing (PERFORMANCE.md, "Connected calendars"), less than a round trip to the worker.
 */
export const INLINE_MAX_CHARS = 32 * 1024;

/** Every worker is busy and the queue is full: the sync is tried again later. */
export class CalendarPoolBusy extends AppError {
  constructor() {
    super(
      503,
      "service_unavailable",
      "Sage is reading many calendars just now; it will try again in a few minutes",
    );
  }
}

type Task = {
  job: CalendarJob;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Slot = {
  worker: Worker | null;
  task: Task | null;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
};

/**
 * Where the worker's code is: beside the bundle (dist/server/calendar-worker.js, built by
 * scripts/build-server.mjs) or, from source (tests, tsx), the .ts entry loaded through
 * tsx's API (on Node 20 a worker's `--import tsx` does not reach its module loader).
 */
function workerEntry(): { file: URL | string; eval: boolean; workerData?: unknown } {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return { file: new URL("./calendar-worker.js", here), eval: false };
  const loader = [
    "const { workerData } = require('node:worker_threads');",
    "import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry));",
  ].join("\n");
  return {
    file: loader,
    eval: true,
    workerData: {
      tsx: import.meta.resolve("tsx/esm/api"),
      entry: new URL("./calendar-worker.ts", here).href,
    },
  };
}

/**
 * A small, bounded pool of worker threads for the CPU-heavy part of a calendar sync
 * (parsing, the expansion check), so a big or hostile calendar never stalls the server's
 * event loop. Bounded three ways: jobs queued (refused beyond), time per job (the worker is
 * terminated), heap per worker (resourceLimits). Each ends in an error a connection can show.
 */
export class CalendarPool {
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private readonly entry = workerEntry();

  constructor(readonly options: CalendarPoolOptions = DEFAULTS) {
    this.slots = Array.from({ length: options.size }, () => ({ worker: null, task: null }));
  }

  /** Runs a job in a worker; buffers in `transfer` move there (unusable here after). */
  run<J extends CalendarJob>(job: J, transfer: ArrayBuffer[] = []): Promise<CalendarJobResult<J>> {
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(new CalendarPoolBusy());
    return new Promise((resolve, reject) => {
      this.queue.push({ job, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Stops every worker; queued and running jobs are refused. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) task.reject(new Error("calendar pool closed"));
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = null;
        this.settle(slot, undefined, new Error("calendar pool closed"));
        clearTimeout(slot.idle);
        await worker?.terminate();
      }),
    );
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task) continue;
      const task = this.queue.shift();
      if (!task) return;
      this.start(slot, task);
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.entry.file, {
      eval: this.entry.eval,
      workerData: this.entry.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    worker.on("message", (answer: WorkerAnswer) => {
      if (slot.worker !== worker) return;
      if ("error" in answer) {
        const { message, reason } = answer.error;
        this.settle(
          slot,
          undefined,
          reason ? new CalendarDataError(message, reason) : new Error(message),
        );
      } else this.settle(slot, answer.result);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.settle(
        slot,
        undefined,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new CalendarDataError("The calendar is too large for Sage to read", "too-large")
          : error,
      );
    });
    worker.on("exit", () => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.settle(slot, undefined, new Error("the calendar worker stopped"));
    });
    return worker;
  }

  private start(slot: Slot, task: Task): void {
    clearTimeout(slot.idle);
    slot.worker ??= this.spawn(slot);
    slot.worker.ref();
    slot.task = task;
    slot.timer = setTimeout(() => {
      const worker = slot.worker;
      slot.worker = null;
      void worker?.terminate();
      const ms = this.options.timeoutMs;
      const limit = ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
      this.settle(
        slot,
        undefined,
        new CalendarDataError(
          `Reading the calendar took too long (over ${limit}); it is too complex for Sage to follow`,
          "too-complex",
        ),
      );
    }, this.options.timeoutMs);
    slot.worker.postMessage({ id: 0, job: task.job }, task.transfer);
  }

  /** Answers the slot's task (once), then takes the next one or lets the worker idle. */
  private settle(slot: Slot, value: unknown, error?: unknown): void {
    const task = slot.task;
    if (!task) return;
    slot.task = null;
    clearTimeout(slot.timer);
    if (error === undefined) task.resolve(value);
    else task.reject(error);
    if (this.queue.length > 0) {
      this.pump();
      return;
    }
    const worker = slot.worker;
    if (!worker) return;
    worker.unref();
    slot.idle = setTimeout(() => {
      if (slot.task || slot.worker !== worker) return;
      slot.worker = null;
      void worker.terminate();
    }, this.options.idleMs);
    slot.idle.unref();
  }
}

let pool: CalendarPool | undefined;

/** Replaces the process's pool (tests: a short time limit); the old one is closed. */
export async function configureCalendarPool(options: Partial<CalendarPoolOptions>): Promise<void> {
  const old = pool;
  pool = new CalendarPool({ ...DEFAULTS, ...options });
  await old?.close();
}

const size = (job: CalendarJob): number =>
  job.kind === "parse" || job.kind === "read"
    ? job.text.length
    : job.kind === "parse-each"
      ? job.texts.reduce((n, t) => n + t.length, 0)
      : job.series.length === 0
        ? 0
        : Number.POSITIVE_INFINITY;

/**
 * Runs a calendar job off the event loop, in the process's pool; small parse jobs (under
 * INLINE_MAX_CHARS) run here, where they cost less than the hop. The expansion check always
 * goes to the worker: a few bytes of rule can cost a whole step budget. A parse job's bytes
 * are transferred when they own their buffer (the caller must not read them after). Rejects with
 * CalendarDataError (the calendar's fault, shown as is) or CalendarPoolBusy.
 */
export function readCalendar<J extends CalendarJob>(job: J): Promise<CalendarJobResult<J>> {
  if (size(job) < INLINE_MAX_CHARS) {
    try {
      return Promise.resolve(runCalendarJob(job));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  pool ??= new CalendarPool();
  // bytes that own their whole buffer move to the worker instead of being copied
  const bytes =
    (job.kind === "parse" || job.kind === "read") && typeof job.text !== "string"
      ? job.text
      : undefined;
  const owned =
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? [bytes.buffer as ArrayBuffer]
      : [];
  return pool.run(job, owned);
}
