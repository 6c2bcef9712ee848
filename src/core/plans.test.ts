import { describe, expect, it } from "vitest";
import {
  ENTITLEMENTS,
  formatPrice,
  LIFE_AREAS,
  LIFE_AREAS_BY_TIER,
  limitForTier,
  nextTier,
  PLANS,
  parseTier,
  planFeatures,
  planFor,
  requiredTierFor,
  requiredTierForArea,
  TIERS,
  tierIncludesArea,
  tierLabel,
} from "./plans.ts";

describe("plans", () => {
  it("prices are free $0, starter $5 and pro $10 a month, in USD", () => {
    expect(PLANS.map((p) => [p.id, p.price, p.currency, p.interval])).toEqual([
      ["free", 0, "usd", "month"],
      ["starter", 5, "usd", "month"],
      ["pro", 10, "usd", "month"],
    ]);
    expect(PLANS.map(formatPrice)).toEqual(["$0", "$5/month", "$10/month"]);
  });

  it("limits are 15, 200 and 999999", () => {
    expect(TIERS.map(limitForTier)).toEqual([15, 200, 999_999]);
    expect(PLANS.map((p) => p.monthlyLimit)).toEqual([15, 200, 999_999]);
  });

  it("only starter is recommended ('Most Popular')", () => {
    expect(PLANS.filter((p) => p.recommended).map((p) => p.id)).toEqual(["starter"]);
  });

  it("the upgrade path is free → starter → pro and pro has no next plan", () => {
    expect(nextTier("free")).toBe("starter");
    expect(nextTier("starter")).toBe("pro");
    expect(nextTier("pro")).toBeNull();
    expect(PLANS.map((p) => p.nextTier)).toEqual(["starter", "pro", null]);
  });

  it("every card line comes from a limit or an entitlement, and the feed is every plan's", () => {
    expect(planFor("free").features).toEqual([
      "15 messages a month",
      "Calendar assistant that plans your time blocks",
      "Calendar sync: subscribe in Google or Apple Calendar",
      "3 life areas: Fitness, Productivity, Goals",
    ]);
    expect(planFor("free").unavailableFeatures).toEqual(["Full multi-week fitness program"]);
    expect(planFor("starter").features).toContain(
      "9 life areas: Fitness, Productivity, Goals, Conversation, Support, Writing, Career, Travel, Relationships",
    );
    expect(planFor("starter").features).toContain("Full multi-week fitness program");
    expect(planFor("pro").features).toEqual([
      "Unlimited messages",
      "Calendar assistant that plans your time blocks",
      "Calendar sync: subscribe in Google or Apple Calendar",
      "All 12 life areas",
      "Full multi-week fitness program",
    ]);
    for (const plan of PLANS) {
      expect(plan.features).toContain("Calendar sync: subscribe in Google or Apple Calendar");
      expect(plan.unavailableFeatures).not.toContain(
        "Calendar sync: subscribe in Google or Apple Calendar",
      );
    }
  });

  it("nothing the product does not do is on a card", () => {
    const lines = PLANS.flatMap((p) => [...p.features, ...p.unavailableFeatures]).join("\n");
    for (const missing of [
      /premium models/i,
      /priority support/i,
      /advanced scheduling/i,
      /images/i,
      /help first/i,
      /14 life areas/i,
      /connected calendar/i,
    ]) {
      expect(lines).not.toMatch(missing);
    }
    expect(planFeatures("pro").map((f) => f.id)).toEqual([
      "monthly-messages",
      "calendar-assistant",
      "calendar-feed",
      "life-areas",
      "full-fitness-program",
    ]);
  });

  it("the full fitness program and writing into connected calendars start at starter", () => {
    expect(requiredTierFor("fullFitnessProgram")).toBe("starter");
    expect(requiredTierFor("writeToConnectedCalendars")).toBe("starter");
    expect(ENTITLEMENTS.free.writeToConnectedCalendars).toBe(false);
  });

  it("life areas: free has fitness, productivity, goals; starter adds six; pro has all", () => {
    expect(LIFE_AREAS_BY_TIER.free).toEqual(["fitness", "productivity", "goals"]);
    expect(LIFE_AREAS_BY_TIER.starter).toHaveLength(9);
    expect(LIFE_AREAS_BY_TIER.starter).toEqual(
      expect.arrayContaining(["conversation", "support", "writing", "career", "travel"]),
    );
    expect(LIFE_AREAS_BY_TIER.pro).toEqual(LIFE_AREAS);
    expect(PLANS.map((p) => p.lifeAreaCount)).toEqual([3, 9, 12]);
  });

  it("each area needs the lowest tier that includes it", () => {
    expect(requiredTierForArea("productivity")).toBe("free");
    expect(requiredTierForArea("relationships")).toBe("starter");
    expect(requiredTierForArea("nutrition")).toBe("pro");
    expect(tierIncludesArea("starter", "nutrition")).toBe(false);
    expect(tierIncludesArea("pro", "nutrition")).toBe(true);
  });

  it("starter is also called personal", () => {
    expect(parseTier("personal")).toBe("starter");
    expect(parseTier(" Pro ")).toBe("pro");
    expect(parseTier("gold")).toBeUndefined();
    expect(planFor("starter").alias).toBe("Personal");
    expect(tierLabel("starter")).toBe("Starter");
  });
});
