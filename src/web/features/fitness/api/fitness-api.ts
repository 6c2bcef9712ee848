import type {
  FitnessAnswers,
  FitnessProgram,
  GenerateFitnessResponse,
  SaveFitnessResponse,
} from "../../../../core/contract/fitness.ts";
import { call } from "../../../lib/client.ts";

/** POST /api/fitness/generate: open to everyone, rate-limited. */
export function generateProgram(answers: FitnessAnswers): Promise<GenerateFitnessResponse> {
  return call("generateFitnessProgram", { body: { answers } });
}

/** POST /api/fitness/save (signed in): the program becomes the user's fitness context. */
export function saveProgram(body: {
  answers: FitnessAnswers;
  program: FitnessProgram;
}): Promise<SaveFitnessResponse> {
  return call("saveFitnessProgram", { body });
}

/** GET /api/fitness/program (signed in): the saved program, or null. */
export function getSavedProgram() {
  return call("getFitnessProgram");
}

/** POST /api/fitness/program/routines: the program's week becomes routines in the calendar. */
export function addProgramToCalendar() {
  return call("addProgramRoutines");
}
