import * as rruleModule from "rrule";

/**
 * rrule ships CommonJS to Node (whose named exports Node cannot see) and ESM to bundlers;
 * this picks whichever form the runtime handed us, so core code imports one thing.
 */
const lib: typeof rruleModule =
  "RRule" in rruleModule && rruleModule.RRule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default;

export const RRule = lib.RRule;
export type RRule = rruleModule.RRule;
export type Weekday = rruleModule.Weekday;
