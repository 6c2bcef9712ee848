import { CalendarDataError } from "../../core/calendar/external/types.ts";
import { AppError } from "../errors.ts";
import { GoogleApiError } from "../integrations/calendars/google/google-calendar-api.ts";
import { GraphApiError } from "../integrations/calendars/microsoft/graph-calendar-api.ts";
import { FetchFailure } from "../integrations/calendars/safe-fetch.ts";
import { CalendarPoolBusy } from "../integrations/calendars/worker/calendar-pool.ts";

/**
 * A sync failure as the sentence a connection shows ("the address answered 404"), or
 * undefined for an unexpected error (logged by the caller, shown generically).
 */
export function plainSyncError(error: unknown): string | undefined {
  if (error instanceof FetchFailure) return capitalize(error.message);
  if (error instanceof CalendarDataError) return error.message;
  if (error instanceof AppError && error.status < 500) return error.message;
  if (error instanceof GoogleApiError) return error.message;
  if (error instanceof GraphApiError) return error.message;
  if (error instanceof CalendarPoolBusy) return error.message;
  return undefined;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
