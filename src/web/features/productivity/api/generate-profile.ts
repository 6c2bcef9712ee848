import type {
  GenerateProductivityResponse,
  ProductivityAnswers,
} from "../../../../core/contract/productivity.ts";
import { call } from "../../../lib/client.ts";

/** POST /api/productivity/generate; with a signed-in session the profile is also saved. */
export function generateProfile(
  answers: ProductivityAnswers,
): Promise<GenerateProductivityResponse> {
  return call("generateProductivityProfile", { body: answers });
}
