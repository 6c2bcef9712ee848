/**
 * The calendar worker's entry (a worker_threads thread; bundled beside the server as
 * dist/server/calendar-worker.js): runs one CalendarJob per message and answers it, so
 * parsing and checking a big or hostile calendar never holds the server's event loop.
 */
import { parentPort } from "node:worker_threads";
import { CalendarDataError } from "../../../../core/calendar/external/types.ts";
import { type CalendarJob, runCalendarJob } from "./calendar-jobs.ts";

export type WorkerRequest = { id: number; job: CalendarJob };
export type WorkerAnswer =
  | { id: number; result: unknown }
  | {
      id: number;
      error: { message: string; reason?: CalendarDataError["reason"] };
    };

parentPort?.on("message", ({ id, job }: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, result: runCalendarJob(job) };
  } catch (error) {
    answer =
      error instanceof CalendarDataError
        ? { id, error: { message: error.message, reason: error.reason } }
        : { id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  parentPort?.postMessage(answer);
});
