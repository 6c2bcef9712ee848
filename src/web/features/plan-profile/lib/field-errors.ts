/**
 * The server's 400 names each field ("energyWindows.1.start: overlaps another window; …",
 * src/server/errors.ts): the message for each, keyed by where the form shows it — a window's
 * row (`energyWindows.1`), a day's own hours (`dayHours.5`), else the top-level field.
 */
export function fieldErrors(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split("; ")) {
    const at = part.indexOf(": ");
    if (at < 0) continue;
    const path = part.slice(0, at).split(".");
    const key =
      (path[0] === "energyWindows" || path[0] === "dayHours") && path[1] !== undefined
        ? `${path[0]}.${path[1]}`
        : path[0]!;
    const text = part.slice(at + 2);
    out[key] = out[key] ? `${out[key]}; ${text}` : text;
  }
  return out;
}

/** 540 → "09:00" for <input type="time">; 1440 (midnight, the end of the day) → "24:00" is not
 * allowed there, so it shows as "23:59" and reads back as 1440. */
export function toTimeValue(minutes: number): string {
  const m = Math.min(minutes, 1439);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** "09:30" → 570; "23:59" → 1440 (the end of the day); "" → null. */
export function fromTimeValue(value: string): number | null {
  const m = /^(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes === 1439 ? 1440 : minutes;
}
