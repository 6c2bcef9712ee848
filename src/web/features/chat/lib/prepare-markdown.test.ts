import { describe, expect, it } from "vitest";
import { closeOpenMarkup, keepLineBreaks } from "./prepare-markdown.ts";

describe("closeOpenMarkup", () => {
  it("closes emphasis cut off mid-stream", () => {
    expect(closeOpenMarkup("Hi!\n\n_Tip: answer the")).toBe("Hi!\n\n_Tip: answer the_");
    expect(closeOpenMarkup("Your **best hours are")).toBe("Your **best hours are**");
    expect(closeOpenMarkup("run `npm")).toBe("run `npm`");
  });

  it("leaves finished text and words with underscores alone", () => {
    expect(closeOpenMarkup("_done_ and **bold**")).toBe("_done_ and **bold**");
    expect(closeOpenMarkup("a snake_case name")).toBe("a snake_case name");
    expect(closeOpenMarkup("* one\n* two")).toBe("* one\n* two");
  });
});

describe("keepLineBreaks", () => {
  it("turns single line breaks into hard breaks, keeping paragraphs and code", () => {
    expect(keepLineBreaks("Hi!\nWhat now?\n\nNext")).toBe("Hi!  \nWhat now?\n\nNext");
    expect(keepLineBreaks("```\na\nb\n```")).toBe("```\na\nb\n```");
  });
});
