import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { defineRoute } from "../http/define-route.ts";
import { ensureProfile } from "../profile/ensure-profile.ts";
import { getProfile } from "../profile/get-profile.ts";
import { toProfileDto } from "../profile/profile-dto.ts";
import { updateTimezone } from "../profile/update-timezone.ts";

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, "ensureProfile", async ({ user }) => {
    const { created, row } = await ensureProfile(ctx.db, user);
    return { success: true as const, created, profile: toProfileDto(row) };
  });

  defineRoute(app, ctx, "getProfile", async ({ user }) => ({
    profile: toProfileDto(await getProfile(ctx.db, user)),
  }));

  // the browser's time zone, for recurrence expansion and the feed's TZID
  defineRoute(app, ctx, "updateProfile", async ({ user, body }) => ({
    profile: toProfileDto(await updateTimezone(ctx.db, user, body.timezone)),
  }));
}
