import type {
  GenerateProductivityResponse,
  ProductivityAnswers,
} from "../../../../core/contract/productivity.ts";
import { api } from "../../../lib/api.ts";

/** POST /api/productivity/generate; with a signed-in session the profile is also saved. */
export function generateProfile(
  answers: ProductivityAnswers,
): Promise<GenerateProductivityResponse> {
  return api<GenerateProductivityResponse>("/api/productivity/generate", { body: answers });
}
