import { describe, expect, it } from "vitest";
import { whenLabel } from "./when-label.ts";

describe("whenLabel", () => {
  it("says the date once and the range in the zone", () => {
    expect(
      whenLabel("2026-11-26T14:30:00.000Z", "2026-11-26T15:00:00.000Z", {
        zone: "UTC",
        locale: "en-US",
      }),
    ).toMatch(/^Thursday, November 26, 2:30\s?–\s?3:00\sPM$/);
  });

  it("keeps the start's date when the meeting ends after midnight in the zone", () => {
    // 23:30–00:15 in Tokyo (UTC+9)
    const label = whenLabel("2026-11-26T14:30:00.000Z", "2026-11-26T15:15:00.000Z", {
      zone: "Asia/Tokyo",
      locale: "en-US",
    });
    expect(label).toBe("Thursday, November 26, 11:30 PM – 12:15 AM");
  });
});
