import { describe, expect, it } from "vitest";
import { foldLine } from "./fold-lines.ts";

const octets = (s: string) => new TextEncoder().encode(s).length;
const unfold = (s: string) => s.replace(/\r\n /g, "");
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds one of 76", () => {
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
  });

  it("moves a multi-byte character that would cross the limit to the next line", () => {
    const folded = foldLine(`${"a".repeat(73)}🎉b`);
    expect(folded).toBe(`${"a".repeat(73)}\r\n 🎉b`);
  });

  it("property: any text unfolds back to itself, in lines of at most 75 octets, no character split", () => {
    const pieces = ["a", "é", "€", "漢", "🎉", "🧘‍♀️", ";", " ", "\\"];
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 500; round++) {
      const text = Array.from(
        { length: Math.floor(rand() * 200) },
        () => pieces[Math.floor(rand() * pieces.length)],
      ).join("");
      const folded = foldLine(`SUMMARY:${text}`);
      expect(unfold(folded)).toBe(`SUMMARY:${text}`);
      for (const line of folded.split("\r\n")) {
        expect(octets(line)).toBeLessThanOrEqual(75);
        expect(line).not.toMatch(loneSurrogate);
      }
    }
  });
});
