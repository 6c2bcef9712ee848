/** An instant as an iCalendar UTC DATE-TIME ("20261126T093000Z"). */
export const icsStamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A TEXT value escaped as RFC 5545 §3.3.11 asks: backslash, newline, comma, semicolon. */
export const icsText = (s: string): string =>
  s
    .replace(/\\/g, "\\\\")
    .replace(/\r?\n/g, "\\n")
    .replace(/[,;]/g, (c) => `\\${c}`);
