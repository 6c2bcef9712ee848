import type { FastifyInstance } from "fastify";
import {
  createBookingLink,
  deleteBookingLink,
  listBookingLinks,
  updateBookingLink,
} from "../booking/booking-links.ts";
import { book, guestBooking, publicSlots } from "../booking/guest-booking.ts";
import { cancelBooking, listBookings } from "../booking/host-bookings.ts";
import type { AppContext } from "../context.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { enforceRateLimit, rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { TASK_WRITE_RATE_LIMIT } from "./tasks.ts";

/** A guest's page reads slots as they browse weeks: generous per address. */
export const BOOKING_READ_RATE_LIMIT = { name: "booking-read", max: 120, windowSeconds: 60 };
/** A guest looking at their booking again. */
export const GUEST_BOOKING_RATE_LIMIT = { name: "guest-booking", max: 60, windowSeconds: 60 };
/**
 * Bookings are limited per address, per link and per guest e-mail, each on its own: one
 * address (or a script) can't fill a link, and a busy office behind one address still leaves
 * the link open to everyone else.
 */
export const BOOK_RATE_LIMIT = { name: "book-ip", max: 10, windowSeconds: 600 };
export const BOOK_LINK_RATE_LIMIT = { name: "book-link", max: 60, windowSeconds: 600 };
export const BOOK_EMAIL_RATE_LIMIT = { name: "book-email", max: 5, windowSeconds: 600 };

/** Booking links (issue 31): the host's links and bookings, and the guest's public side. */
export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const write = { preHandler: [rateLimit(ctx.db, TASK_WRITE_RATE_LIMIT)] };

  defineRoute(app, ctx, "listBookingLinks", async ({ user }) => ({
    links: await listBookingLinks(ctx.db, user.id),
  }));
  defineRoute(
    app,
    ctx,
    "createBookingLink",
    async ({ user, body }) =>
      respond(201, { link: await createBookingLink(ctx.db, { userId: user.id, input: body }) }),
    write,
  );
  defineRoute(
    app,
    ctx,
    "updateBookingLink",
    async ({ user, params, body }) => ({
      link: await updateBookingLink(ctx.db, { userId: user.id, id: params.id, input: body }),
    }),
    write,
  );
  defineRoute(
    app,
    ctx,
    "deleteBookingLink",
    async ({ user, params }) => {
      await deleteBookingLink(ctx.db, { userId: user.id, id: params.id });
      return respond(204);
    },
    write,
  );
  defineRoute(app, ctx, "listBookings", async ({ user }) => ({
    bookings: await listBookings(ctx.db, user.id),
  }));
  defineRoute(
    app,
    ctx,
    "cancelBooking",
    async ({ user, params }) => ({
      booking: await cancelBooking(ctx.db, { userId: user.id, id: params.id, now: ctx.now() }),
    }),
    write,
  );

  const read = { preHandler: [rateLimit(ctx.db, BOOKING_READ_RATE_LIMIT)] };
  defineRoute(
    app,
    ctx,
    "getBookingSlots",
    async ({ params, query }) =>
      publicSlots(ctx.db, { slug: params.slug, from: query.from, to: query.to, now: ctx.now() }),
    read,
  );
  defineRoute(
    app,
    ctx,
    "getGuestBooking",
    async ({ params, query }) =>
      guestBooking(ctx.db, { slug: params.slug, id: params.id, key: query.key }),
    { preHandler: [rateLimit(ctx.db, GUEST_BOOKING_RATE_LIMIT)] },
  );
  defineRoute(
    app,
    ctx,
    "bookSlot",
    async ({ params, body, reply }) => {
      // after the address's limit (the preHandler): by link, then by the guest's address
      await enforceRateLimit(ctx.db, {
        rule: BOOK_LINK_RATE_LIMIT,
        key: `link:${params.slug}`,
        reply,
      });
      await enforceRateLimit(ctx.db, {
        rule: BOOK_EMAIL_RATE_LIMIT,
        key: `email:${body.email.toLowerCase()}`,
        reply,
      });
      return respond(201, await book(ctx.db, { slug: params.slug, input: body, now: ctx.now() }));
    },
    { preHandler: [rateLimit(ctx.db, BOOK_RATE_LIMIT)] },
  );
}
