import sjson from "secure-json-parse";
import type { z } from "zod";
import { LlmError } from "./language-model.ts";

/**
 * Reads a model's JSON answer: tolerates a Markdown code fence or prose around the object,
 * refuses prototype-poisoning keys, and validates with the schema. Anything else is an
 * LlmError('bad_output') so callers fall back to their built-in generator.
 */
export function parseJsonReply<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start)
    throw new LlmError("The model did not answer with JSON.", "bad_output");
  let value: unknown;
  try {
    value = sjson.parse(text.slice(start, end + 1), undefined, {
      protoAction: "error",
      constructorAction: "error",
    });
  } catch {
    throw new LlmError("The model's JSON could not be parsed.", "bad_output");
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new LlmError("The model's JSON had the wrong shape.", "bad_output");
  return result.data;
}
