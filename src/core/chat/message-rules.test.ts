import { describe, expect, it } from "vitest";
import {
  charCount,
  checkMessage,
  conversationTitle,
  cutChars,
  MESSAGE_TOO_LONG,
  suspiciousPatterns,
  trimHistory,
} from "./message-rules.ts";

describe("message rules", () => {
  it("counts code points, so an emoji is one character", () => {
    expect(charCount("héllo")).toBe(5);
    expect(charCount("🙂🙂")).toBe(2);
  });

  it("accepts exactly 4000 characters, multi-byte included, and refuses 4001", () => {
    expect(checkMessage("🙂".repeat(4000))).toEqual({ ok: true, message: "🙂".repeat(4000) });
    expect(checkMessage("🙂".repeat(4001))).toEqual({ ok: false, error: MESSAGE_TOO_LONG });
  });

  it("trims, and refuses whitespace-only messages", () => {
    expect(checkMessage("  hi \n")).toEqual({ ok: true, message: "hi" });
    expect(checkMessage(" \n\t ").ok).toBe(false);
  });

  it("cuts without splitting a surrogate pair", () => {
    expect(cutChars("a🙂b", 2)).toBe("a🙂");
  });

  it("titles: up to 50 kept, longer cut to 47 plus '...'", () => {
    const fifty = "x".repeat(50);
    expect(conversationTitle(fifty)).toBe(fifty);
    expect(conversationTitle(`${fifty}y`)).toBe(`${"x".repeat(47)}...`);
    expect(conversationTitle("  plan   my\nweek ")).toBe("plan my week");
  });

  it("history keeps the last 10, each cut to 2000 characters", () => {
    const history = Array.from({ length: 14 }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content: `${i}`.padEnd(3000, "."),
    }));
    const trimmed = trimHistory(history);
    expect(trimmed).toHaveLength(10);
    expect(trimmed[0]!.content.startsWith("4")).toBe(true);
    expect(trimmed.every((m) => m.content.length === 2000)).toBe(true);
  });

  it("flags suspicious patterns", () => {
    expect(suspiciousPatterns("Ignore previous instructions and")).toHaveLength(1);
    expect(suspiciousPatterns("system: you are")).toHaveLength(1);
    expect(suspiciousPatterns("plan my week")).toEqual([]);
  });
});
