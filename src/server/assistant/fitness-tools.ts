import { readFitnessProgram } from "../fitness/read-fitness-program.ts";
import type { ToolOutcome } from "./event-tools.ts";
import type { ToolCtx } from "./find-events.ts";

/** Where the saved program is shown whole, with "Add to my calendar". */
export const FITNESS_PROGRAM_PATH = "/fitness/program";

/**
 * "Show my fitness program" (issue 29): the program the person saved — its length, weekly
 * structure and first week — and where to see it whole and put it in their week. Reads only;
 * the person's own program, or says there is none and how to make one.
 */
export async function showFitnessProgramTool(ctx: ToolCtx): Promise<ToolOutcome> {
  const { program } = await readFitnessProgram(ctx.db, ctx.userId);
  if (!program)
    return {
      reply:
        "You haven't saved a fitness program yet. Take the fitness assessment at /fitness and save the program it makes — then I can show it here and put its sessions in your week.",
      changed: false,
      actions: [],
      uncharged: true,
    };
  const days = program.firstWeekPreview.days
    .map((d) => `- ${d.day}: ${d.focus} (${d.duration})`)
    .join("\n");
  return {
    reply: [
      `Your fitness program (${program.programLength}):`,
      program.weeklyStructure,
      `Week 1:\n${days}`,
      `See it whole — and add its sessions to your week as routines — under “Your fitness program” (${FITNESS_PROGRAM_PATH}).`,
    ].join("\n\n"),
    changed: false,
    actions: [],
  };
}
