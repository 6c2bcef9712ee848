import { describe, expect, it } from "vitest";
import { fitPeakIntoHours } from "./fit-peak.ts";

const w = (start: number, end: number, level: "peak" | "good" | "low") => ({ start, end, level });

describe("fitPeakIntoHours", () => {
  it("leaves a peak inside the hours where it is", () => {
    const windows = [w(9, 12, "peak"), w(13, 15, "low")];
    expect(fitPeakIntoHours(windows, { start: 9, end: 17 })).toEqual({ windows, moved: null });
  });

  it("keeps the part of a peak that overlaps the hours", () => {
    const r = fitPeakIntoHours([w(8, 11, "peak"), w(11, 13, "good")], { start: 9, end: 17 });
    expect(r.windows).toEqual([w(9, 11, "peak"), w(11, 13, "good")]);
    expect(r.moved).toEqual({ from: { start: 8, end: 11 }, to: { start: 9, end: 11 } });
  });

  it("moves a peak before the hours to their first stretch, and other windows give way", () => {
    const r = fitPeakIntoHours([w(5, 8, "peak"), w(8, 11, "good"), w(13, 16, "low")], {
      start: 9,
      end: 15,
    });
    expect(r.windows).toEqual([w(8, 9, "good"), w(9, 12, "peak"), w(13, 16, "low")]);
  });

  it("moves a peak after the hours to their last stretch", () => {
    const r = fitPeakIntoHours([w(9, 12, "low"), w(20, 24, "peak")], { start: 9, end: 17 });
    expect(r.windows).toEqual([w(9, 12, "low"), w(13, 17, "peak")]);
  });

  it("shortens a peak longer than the whole working day to the day", () => {
    const r = fitPeakIntoHours([w(1200, 1440, "peak")], { start: 540, end: 660 });
    expect(r.windows).toEqual([w(540, 660, "peak")]);
  });

  it("does nothing without a peak", () => {
    expect(fitPeakIntoHours([w(9, 12, "good")], { start: 13, end: 17 }).moved).toBeNull();
  });
});
