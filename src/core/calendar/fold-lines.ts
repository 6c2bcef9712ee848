const LIMIT = 75;

const utf8Size = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds one content line at 75 octets (RFC 5545 §3.1): CRLF plus a space before each
 * continuation. Walks code points, so a character — an emoji's surrogate pair included —
 * is never cut in half. Hand-written because ical-generator's folder encodes every
 * character with a new TextEncoder, which made a 5,000-event feed take seconds.
 */
export function foldLine(line: string): string {
  // most lines are short ASCII: at most 75 UTF-16 units of ASCII is at most 75 octets
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an ASCII range test
  if (line.length <= LIMIT && /^[\u0000-\u007f]*$/.test(line)) return line;
  let out = "";
  let octets = 0;
  for (const ch of line) {
    const size = utf8Size(ch.codePointAt(0)!);
    if (octets + size > LIMIT) {
      out += "\r\n ";
      octets = 1;
    }
    out += ch;
    octets += size;
  }
  return out;
}

/** Folds every line of CRLF-separated, unfolded iCalendar text. */
export function foldLines(text: string): string {
  return text.split("\r\n").map(foldLine).join("\r\n");
}
