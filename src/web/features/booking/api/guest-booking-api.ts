import type { RouteOutput } from "../../../../core/contract/routes.ts";
import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";

export type SlotsAnswer = RouteOutput<"getBookingSlots">;
export type BookAnswer = RouteOutput<"bookSlot">;
export type GuestBooking = RouteOutput<"getGuestBooking">["booking"];

const DAY = 86_400_000;
/** One page of times: a week, the first starting now (the server adds the link's notice). */
export const WEEK_DAYS = 7;
/** How far ahead the page lets a guest go: the longest horizon a link may have. */
export const MAX_WEEKS = 9;

/** The link's times in week `week` (0: from now); the answer is the link's title and slots. */
export function loadSlots(opts: { slug: string; week: number; now: number }): Promise<SlotsAnswer> {
  const from = opts.now + opts.week * WEEK_DAYS * DAY;
  return call("getBookingSlots", {
    params: { slug: opts.slug },
    query: {
      from: new Date(from).toISOString(),
      to: new Date(from + WEEK_DAYS * DAY).toISOString(),
    },
  });
}

export type GuestDetails = {
  start: string;
  name: string;
  email: string;
  note: string;
  zone: string;
};

/** Books `start` for the guest; an empty note is left out. */
export function book(slug: string, d: GuestDetails): Promise<BookAnswer> {
  const body = { start: d.start, name: d.name, email: d.email, zone: d.zone };
  return call("bookSlot", {
    params: { slug },
    body: d.note.trim() ? { ...body, note: d.note } : body,
  });
}

export const loadGuestBooking = (opts: { slug: string; id: string; key: string }) =>
  call("getGuestBooking", {
    params: { slug: opts.slug, id: opts.id },
    query: { key: opts.key },
  }).then((r) => r.booking);

/** What went wrong, as the guest reads it: the server's own words where it gave them. */
export type Failure = { status: number; message: string };
export function failureOf(err: unknown): Failure {
  if (err instanceof ApiError) return { status: err.status, message: err.message };
  return {
    status: 0,
    message: "Sage could not be reached. Check your connection and try again.",
  };
}

/** Where the guest sees their booking again: the key rides in the fragment, never sent in a Referer. */
export const guestBookingPath = (slug: string, id: string, key: string) =>
  `/book/${slug}#booking=${encodeURIComponent(id)}&key=${encodeURIComponent(key)}`;

/** The booking named by the page's fragment, if any. */
export function bookingInFragment(hash: string): { id: string; key: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const id = params.get("booking");
  const key = params.get("key");
  return id && key ? { id, key } : null;
}
