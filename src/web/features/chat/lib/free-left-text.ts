import { shortDayLabel } from "../../../lib/date-label.ts";

const interactions = (n: number) => (n === 1 ? "1 free interaction" : `${n} free interactions`);

/**
 * The free plan's words on what is left. Fresh from the server: "You have 3 free interactions
 * remaining." Only the device's last copy (offline, or the server could not be asked): said
 * as what it was when last seen online, with when if known — never as the count now.
 */
export function freeLeftText(remaining: number, lastSeen?: { at: Date | undefined }): string {
  if (!lastSeen) return `You have ${interactions(remaining)} remaining.`;
  const when = lastSeen.at ? ` (${shortDayLabel(lastSeen.at, {}, { time: true })})` : "";
  return `When last seen online${when}, you had ${interactions(remaining)} left.`;
}
