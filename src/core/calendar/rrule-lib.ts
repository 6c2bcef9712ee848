import * as rruleModule from "rrule";

/**
 * rrule ships CommonJS to Node (whose named exports Node cannot see) and ESM to bundlers;
 * this picks whichever form the runtime handed us, so core code imports one thing.
 */
const lib: typeof rruleModule =
  "RRule" in rruleModule && rruleModule.RRule
    ? rruleModule
    : // read indirectly: the ESM build has no default export, and bundlers warn about one
      (Reflect.get(rruleModule, "default") as typeof rruleModule);

export const RRule = lib.RRule;
export type RRule = rruleModule.RRule;
export type Weekday = rruleModule.Weekday;
