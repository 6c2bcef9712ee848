import { describe, expect, it } from "vitest";
import {
  DISPLAYED_LIFE_AREA_COUNT,
  formatPrice,
  LIFE_AREAS,
  LIFE_AREAS_BY_TIER,
  limitForTier,
  nextTier,
  PLANS,
  parseTier,
  planFor,
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

  it("calendar sync is unavailable on free and included on starter and pro", () => {
    expect(planFor("free").unavailableFeatures).toContain("Calendar sync");
    expect(planFor("free").calendarSync).toBe(false);
    expect(planFor("starter").calendarSync).toBe(true);
    expect(planFor("pro").calendarSync).toBe(true);
  });

  it("pro lists premium models, priority support, advanced scheduling, creating images and get-help-first", () => {
    expect(planFor("pro").features).toEqual(
      expect.arrayContaining([
        "Premium models",
        "Priority support",
        "Advanced scheduling",
        "Creating images",
        "Get help first",
      ]),
    );
  });

  it("life areas: free has fitness, productivity, goals; starter adds six; pro has all", () => {
    expect(LIFE_AREAS_BY_TIER.free).toEqual(["fitness", "productivity", "goals"]);
    expect(LIFE_AREAS_BY_TIER.starter).toHaveLength(9);
    expect(LIFE_AREAS_BY_TIER.starter).toEqual(
      expect.arrayContaining(["conversation", "support", "writing", "career", "travel"]),
    );
    expect(LIFE_AREAS_BY_TIER.pro).toEqual(LIFE_AREAS);
    expect(DISPLAYED_LIFE_AREA_COUNT).toEqual({ free: 3, starter: 9, pro: 14 });
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
