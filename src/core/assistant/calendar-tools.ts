/**
 * The assistant's calendar tools. A real model is offered these through tool calling; the
 * offline assistant produces the same calls from plain language (parse-calendar-request.ts).
 * Instants are ISO strings (UTC).
 */
export type EventMatch = {
  title?: string;
  start?: string;
  on?: { from: string; to: string };
  /**
   * Which of the matches, in start order (1 the first, -1 the last): the person's answer to
   * "That matches 2 events… Which one?", where Sage listed them in that order.
   */
  nth?: number;
};

/**
 * Which part of a repeating event a change means. Undefined: not said — the assistant asks
 * before touching a series, and never guesses.
 */
export type SeriesScope = "this" | "all";

/** A repeat rule in the calendar's own terms (spec §3 recurrence fields). */
export type Recurrence = {
  frequency: "DAILY" | "WEEKLY" | "MONTHLY";
  interval: number;
  byDay?: string[];
  byMonthDay?: number;
  /** The last local day it may happen on, as an instant (end of that day). */
  until?: string;
  count?: number;
};

export type NewTask = { title: string; estimateMinutes: number; deadline?: string };

/** A routine as the assistant proposes it (the API's routine input, issue 29). */
export type NewRoutine = {
  title: string;
  minutes: number;
  timesPerWeek: number;
  days: ("MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU")[];
  window: { from: string; to: string };
  energy?: "low" | "medium" | "high";
};

export type CalendarToolCall =
  | {
      tool: "list_events";
      from: string;
      to: string;
      label: string;
      /** Asked after the list ("lighten tomorrow": which of these could move or go?). */
      ask?: string;
    }
  | { tool: "find_free_time"; minutes: number; from: string; to: string; label: string }
  | {
      tool: "create_event";
      title: string;
      start: string;
      end: string;
      recurrence?: Recurrence;
      /** What it is about, when said after the title ("…, about the budget"). */
      description?: string;
    }
  | {
      tool: "update_event";
      match: EventMatch;
      /** The new start; with keepTime only its day counts. Absent when shiftMinutes is given. */
      start?: string;
      keepTime: boolean;
      /** "push it back an hour" → +60; "an hour earlier" → -60. */
      shiftMinutes?: number;
      /** Only a time of day was said ("move it to 4pm"): the event keeps its own day. */
      sameDay?: boolean;
      scope?: SeriesScope;
    }
  | {
      tool: "delete_event";
      match: EventMatch;
      scope?: SeriesScope;
      /**
       * "cancel all my standups tomorrow": every match on the day named (each one occurrence
       * only), not one of them and never the series.
       */
      everyMatch?: boolean;
    }
  | { tool: "add_tasks"; tasks: NewTask[] }
  | { tool: "add_tasks_and_plan"; tasks: NewTask[]; days?: number }
  | { tool: "plan"; days: number; label?: string }
  | { tool: "complete_task"; title: string }
  /**
   * What the person says about today's block of a task: did it, did part of it (minutes
   * done), or skipped it. About one planned block; complete_task is the whole task finished.
   */
  | {
      tool: "check_in";
      title: string;
      outcome: "done" | "partly" | "skipped";
      /** done: how long it really took; partly: the minutes done. */
      minutes?: number;
    }
  | { tool: "what_now" }
  /** "show my fitness program": what was saved, and where to see it whole. */
  | { tool: "show_fitness_program" }
  /**
   * "gym 3 times a week, mornings, an hour": proposed on a card, written only on Yes — the
   * proposal holds the same call with `confirmed`, which the person's Yes runs.
   */
  | { tool: "create_routine"; routine: NewRoutine; confirmed?: true }
  /** "skip gym today": that day's session goes and counts for its week. */
  | { tool: "skip_routine_session"; title: string; date: string }
  /** "move my runs to evenings": the routine's window (or length, or times a week) changes. */
  | {
      tool: "update_routine";
      title: string;
      window?: { from: string; to: string };
      minutes?: number;
      timesPerWeek?: number;
    };

export type SmallTalk = "thanks" | "greeting" | "bye" | "ack" | "how_are_you";

/** Everything the built-in assistant recognises: a tool call, or a social line. */
export type AssistantRequest =
  | CalendarToolCall
  | { tool: "small_talk"; kind: SmallTalk }
  /** A request it understood but cannot act on without one more detail (a time). */
  | { tool: "clarify"; question: string }
  /**
   * What it understood, shown as a proposal card and done only on Yes: a reading that had to
   * guess (days run together, a compound request, a title cleaned a lot). Each step is shown.
   */
  | { tool: "propose"; steps: CalendarToolCall[]; reason: string }
  /**
   * "don't book anything friday at 2", "no meetings on Friday": never a change. `start`/`end`
   * is the time it names, offered to be kept free (through a proposal).
   */
  | { tool: "negation"; what: string; start?: string; end?: string; label?: string }
  /** "undo that": the person's last change through the assistant, put back. */
  | { tool: "undo_last" };
