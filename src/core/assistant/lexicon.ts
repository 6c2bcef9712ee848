/**
 * The built-in assistant's one vocabulary (issue 28): day names, number words, durations'
 * units, verb synonyms and common typos are spelled here once and read by every parse-*.ts
 * file. A new word is one entry here (plus a corpus case), never another copy of a regex.
 */

/** The seven days: their RFC 5545 code, ISO weekday number and the ways they are written. */
export const DAYS = [
  { code: "MO", n: 1, name: "monday", stem: "mon", plural: "mondays" },
  { code: "TU", n: 2, name: "tuesday", stem: "tue", plural: "tuesdays" },
  { code: "WE", n: 3, name: "wednesday", stem: "wed", plural: "wednesdays" },
  { code: "TH", n: 4, name: "thursday", stem: "thu", plural: "thursdays" },
  { code: "FR", n: 5, name: "friday", stem: "fri", plural: "fridays" },
  { code: "SA", n: 6, name: "saturday", stem: "sat", plural: "saturdays" },
  { code: "SU", n: 7, name: "sunday", stem: "sun", plural: "sundays" },
] as const;

export type DayCode = (typeof DAYS)[number]["code"];

/** A day as a regex source: "mon", "monday", "mondays" (after normalize, "tues" is "tue"). */
export const DAY = `(?:${DAYS.map((d) => `${d.stem}(?:${d.name.slice(3)})?`).join("|")})s?\\b`;
/** Only a day written in full and plural: "mondays" means every Monday. */
export const PLURAL_DAY = `(?:${DAYS.map((d) => d.plural).join("|")})\\b`;
/** Any word that starts like a day ("wed", "weds", "wednesday"). */
export const DAY_WORD = /\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/i;
/** A word that names a day other than by weekday. */
export const RELATIVE_DAY = /\b(?:today|tonight|tomorrow|yesterday)\b/i;
export const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
/** Any word or number that names a day: a weekday, today/tomorrow, a month, "the 15th", 12/3. */
export const NAMES_A_DAY =
  /\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:today|tonight|tomorrow|yesterday|next|week)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d(?:st|nd|rd|th)\b|\d{1,2}[/.]\d{1,2}\b/i;

/** The day code a word names ("Weds" → "WE"), if any. */
export function dayCode(word: string): DayCode | undefined {
  const w = word.toLowerCase();
  return DAYS.find((d) => w.startsWith(d.stem))?.code;
}

export const dayNumber = (code: string) => DAYS.find((d) => d.code === code)?.n;
export const dayName = (code: string) => {
  const d = DAYS.find((x) => x.code === code);
  return d ? d.name[0]!.toUpperCase() + d.name.slice(1) : code;
};

/** Number words people write for counts and lengths. */
export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  "forty-five": 45,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};
/** A count said in digits or words, as a regex source. */
export const COUNT = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
export const numberOf = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);

/** Ordinals as words, for "the first Tuesday", "the third". */
export const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
};

/** Verb synonyms, by what they ask for. Each is a regex source of alternatives. */
export const VERBS = {
  create:
    "add|schedule|book|put|create|set up|setup|make|pencil in|arrange|block(?: out)?(?: off)?|reserve|insert|new event:?|new",
  cancel:
    "cancel|delete|remove|drop|clear|scrap|call off|get rid of|take off|kill|nix|erase|bin|unschedule|axe",
  move: "move|reschedule|shift|push(?: back)?|bump|postpone|delay|change|put off|bring forward|pull forward|bring|slide",
} as const;

/** Words that open a message without meaning anything ("actually", "ok so", "oh and"). */
export const OPENERS =
  "(?:hey sage|sage|ok|okay|so|and|also|hi|hey|actually|oh|ah|um|umm|well|right|wait|sorry|btw|oh and|and also)";

/** Common misspellings and shorthands, rewritten before anything else reads the text. */
export const TYPOS: [RegExp, string][] = [
  [/\b(?:tomm?orr?ow|tomorow|tommorow|tomorrw|tmrw?|2moro|2morrow|tmorrow)\b/gi, "tomorrow"],
  [/\b(?:tday|tdy|2day)\b/gi, "today"],
  [/\btonite\b/gi, "tonight"],
  [/\b(?:wensday|wedensday|wednsday|wednesdy)\b/gi, "wednesday"],
  [/\b(?:tuseday|tuesdy|teusday)\b/gi, "tuesday"],
  [/\b(?:thurday|thrusday|thursdy)\b/gi, "thursday"],
  [/\b(?:firday|fridy|frday)\b/gi, "friday"],
  [/\b(?:mondy|monady)\b/gi, "monday"],
  [/\b(?:saturdy|satruday)\b/gi, "saturday"],
  [/\b(?:sundy|snuday)\b/gi, "sunday"],
  [/\bweds\b/gi, "wed"],
  [/\b(?:evry|evey|everey|evrey|eveyr)\b/gi, "every"],
  [/\b(?:thurs|thur)\b/gi, "thu"],
  [/\btues\b/gi, "tue"],
  [/\b(?:calender|calandar|calendr|cal)\b/gi, "calendar"],
  [/\b(?:re-?schedual|re-?shedule|re-?scedule|reschdule|resched)\b/gi, "reschedule"],
  [/\b(?:cancell?|cancle|cancl|cacnel|canel)\b/gi, "cancel"],
  [/\b(?:meeting|meting|meeeting|meetng|mtg)\b/gi, "meeting"],
  [/\b(?:appt|apointment|appointement)\b/gi, "appointment"],
  [/\b(?:pls|plz|plase|pleas)\b/gi, "please"],
  [/\b(?:wat|wht|whta)\b/gi, "what"],
  [/\bwhats\b/gi, "what's"],
  [/\b(?:wk)\b/gi, "week"],
  [/\b(?:wkdays|weekdys)\b/gi, "weekdays"],
  [/\b(?:shedule|schedual|scedule|schedle)\b/gi, "schedule"],
  [/\b(?:dont|do'nt)\b/gi, "don't"],
  [/\bu\b/gi, "you"],
  [/\bim\b/gi, "I'm"],
];
