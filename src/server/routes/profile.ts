import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { updateProfileRequest } from "../../core/contract/profile.ts";
import { currentUser } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { profiles } from "../db/schema.ts";
import { parseInput } from "../errors.ts";
import { ensureProfile } from "../profile/ensure-profile.ts";
import { toProfileDto } from "../profile/profile-dto.ts";
import { updateTimezone } from "../profile/update-timezone.ts";

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: ctx.requireUser };

  app.post("/api/ensure-profile", auth, async (request) => {
    const { created, row } = await ensureProfile(ctx.db, currentUser(request));
    return { success: true, created, profile: toProfileDto(row) };
  });

  app.get("/api/profile", auth, async (request) => {
    const user = currentUser(request);
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    // a missing profile is created on demand (spec §4)
    const profile = row ?? (await ensureProfile(ctx.db, user)).row;
    return { profile: toProfileDto(profile) };
  });

  // the browser's time zone, for recurrence expansion and the feed's TZID
  app.patch("/api/profile", auth, async (request) => {
    const { timezone } = parseInput(updateProfileRequest, request.body);
    return { profile: toProfileDto(await updateTimezone(ctx.db, currentUser(request), timezone)) };
  });
}
