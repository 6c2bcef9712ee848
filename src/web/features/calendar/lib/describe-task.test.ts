import { describe, expect, it } from "vitest";
import { formatDay, formatDaySpan } from "./describe-task.ts";

describe("formatDaySpan", () => {
  it("writes the days shown in the person's locale, the same way as the days themselves", () => {
    // the spaces around the dash differ between ICU versions: compare without them
    const plain = (s: string) => s.replace(/[\s\u2009\u202f]+/g, "");
    expect(plain(formatDaySpan("2026-11-23", "2026-11-29", "en-US"))).toBe("Nov23–29,2026");
    expect(plain(formatDaySpan("2026-11-23", "2026-11-29", "en-GB"))).toBe("23–29Nov2026");
    expect(plain(formatDaySpan("2026-11-30", "2026-12-06", "en-US"))).toBe("Nov30–Dec6,2026");
    expect(plain(formatDaySpan("2026-12-28", "2027-01-03", "en-US"))).toBe("Dec28,2026–Jan3,2027");
    expect(formatDaySpan("2026-11-26", "2026-11-26", "en-US")).toBe("Thursday, Nov 26, 2026");
  });

  it("in the default locale, month before day exactly when the day labels put it there", () => {
    const span = formatDaySpan("2026-11-23", "2026-11-29");
    const day = formatDay("2026-11-26T12:00:00Z", "UTC");
    expect(span.indexOf("Nov") < span.indexOf("23")).toBe(day.indexOf("Nov") < day.indexOf("26"));
  });
});
