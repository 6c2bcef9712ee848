import { describe, expect, it } from "vitest";
import { subscriptionLinks } from "./subscription-links.ts";

describe("subscriptionLinks", () => {
  const feed = "https://sage.example.com/api/calendar/feed/abc_DEF-123.ics";

  it("makes the webcal:// URL Apple Calendar subscribes to", () => {
    expect(subscriptionLinks(feed).webcal).toBe(
      "webcal://sage.example.com/api/calendar/feed/abc_DEF-123.ics",
    );
  });

  it("makes Google's add-by-URL link from the encoded webcal:// URL", () => {
    expect(subscriptionLinks(feed).google).toBe(
      "https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fsage.example.com%2Fapi%2Fcalendar%2Ffeed%2Fabc_DEF-123.ics",
    );
  });

  it("makes the download link with ?download=1, keeping the port of a local server", () => {
    expect(subscriptionLinks("http://localhost:3000/api/calendar/feed/t.ics").download).toBe(
      "http://localhost:3000/api/calendar/feed/t.ics?download=1",
    );
  });
});
