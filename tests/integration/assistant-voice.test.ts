import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainContexts } from "../../src/server/db/schema.ts";
import { productivityAnswers } from "../support/api-routes.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ llm: null }); // the built-in offline assistant
});
afterAll(() => t.close());

const say = async (headers: Record<string, string>, message: string, extra: object = {}) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers,
    payload: { message, ...extra },
  });
  expect(res.statusCode).toBe(200);
  return res.json().response as string;
};

describe("one voice: the saved profile everywhere", () => {
  it("General Chat uses the finished questionnaire and its saved peak hours, never other hours", async () => {
    const s = await t.signIn();
    const before = await say(s.headers, "I'm so tired today");
    expect(before).toContain("Tell me when in the day you feel sharpest");

    const res = await t.app.inject({
      method: "POST",
      url: "/api/productivity/generate",
      headers: s.headers,
      payload: { ...productivityAnswers, peak_time: "early_morning" },
    });
    expect(res.json().saved).toBe(true);
    // the person (or the planner) keeps peak hours that differ from the questionnaire's default
    const [row] = await t.db
      .select()
      .from(domainContexts)
      .where(and(eq(domainContexts.userId, s.user.id), eq(domainContexts.domain, "productivity")));
    const profile = row!.profileData as {
      energyWindows: { start: number; end: number; level: string }[];
    };
    await t.db
      .update(domainContexts)
      .set({
        profileData: {
          ...profile,
          energyWindows: [
            { start: 8, end: 11, level: "peak" },
            { start: 14, end: 15, level: "low" },
          ],
        },
      })
      .where(eq(domainContexts.id, row!.id));

    // General Chat: no domain context chosen
    const general = await say(s.headers, "I'm so tired today", {});
    expect(general).toContain("8:00 AM – 11:00 AM");
    expect(general).not.toMatch(/questionnaire|6:00|9:00/);
    const uk = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: { ...s.headers, "accept-language": "en-GB" },
      payload: { message: "how do I focus better?", domainContextId: row!.id },
    });
    expect(uk.json().response).toContain("08:00 – 11:00");
  });
});
