import { useCallback, useEffect, useRef, useState } from "react";
import {
  type BookAnswer,
  bookingInFragment,
  type Failure,
  failureOf,
  guestBookingPath,
  loadSlots,
  MAX_WEEKS,
  type SlotsAnswer,
} from "../api/guest-booking-api.ts";
import { BookingConfirmation } from "./booking-confirmation.tsx";
import { GuestBookingView } from "./guest-booking-view.tsx";
import { GuestForm } from "./guest-form.tsx";
import { SlotPicker } from "./slot-picker.tsx";

type Slots =
  | { kind: "loading" }
  | { kind: "ready"; answer: SlotsAnswer }
  | { kind: "failed"; failure: Failure };

/**
 * The public booking page (/book/<slug>): the link's times in the guest's own zone, a short
 * form, and the guest's copy of the booking. Its first render is the prerendered frame
 * (src/web/prerender): the slug, the zone and the fragment are read after mount.
 */
export function BookingPage({ slug }: { slug: string }) {
  const [mounted, setMounted] = useState<{ zone: string; now: number } | null>(null);
  const [viewing, setViewing] = useState<{ id: string; key: string } | null>(null);
  const [week, setWeek] = useState(0);
  const [slots, setSlots] = useState<Slots>({ kind: "loading" });
  const [picked, setPicked] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookAnswer | null>(null);
  const ownFragment = useRef<string | null>(null);

  useEffect(() => {
    setMounted({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: Date.now() });
    const read = () => {
      // the fragment this page wrote after booking is not a visit to the booking
      if (window.location.hash !== ownFragment.current)
        setViewing(bookingInFragment(window.location.hash));
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  const reload = useCallback(() => {
    if (!mounted) return () => undefined;
    let live = true;
    setSlots({ kind: "loading" });
    loadSlots({ slug, week, now: mounted.now }).then(
      (answer) => live && setSlots({ kind: "ready", answer }),
      (err: unknown) => live && setSlots({ kind: "failed", failure: failureOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [slug, week, mounted]);
  useEffect(() => (viewing ? undefined : reload()), [reload, viewing]);

  const onTaken = (message: string) => {
    setPicked(null);
    setNotice(message);
    reload();
  };

  if (mounted && viewing)
    return (
      <Frame>
        <GuestBookingView
          slug={slug}
          id={viewing.id}
          bookingKey={viewing.key}
          zone={mounted.zone}
          onBookAnother={() => {
            history.replaceState(history.state, "", window.location.pathname);
            setViewing(null);
            setBooked(null);
          }}
        />
      </Frame>
    );

  if (mounted && booked)
    return (
      <Frame>
        <BookingConfirmation slug={slug} answer={booked} zone={mounted.zone} />
      </Frame>
    );

  const answer = slots.kind === "ready" ? slots.answer : null;
  // 404: unknown or deleted; 400: a slug that cannot be one (the page's own range is valid)
  const gone = slots.kind === "failed" && [400, 404].includes(slots.failure.status);
  return (
    <Frame>
      <h1 className="text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">
        {answer ? answer.title : gone ? "Booking link" : "Book a time"}
      </h1>
      {answer ? (
        <p className="mt-1 text-stone-700 [overflow-wrap:anywhere]">
          {answer.minutes} minutes{answer.hostName ? ` with ${answer.hostName}` : ""}
        </p>
      ) : null}
      {mounted && answer ? (
        <p className="mt-3 rounded-lg bg-sage-50 px-3 py-2 text-sm text-stone-800">
          Times in your zone, {mounted.zone}
          {answer.hostZone !== mounted.zone ? ` — host is in ${answer.hostZone}` : ""}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <div className="mt-6">
        {slots.kind === "loading" ? (
          <p role="status" className="text-stone-700">
            Loading times…
          </p>
        ) : slots.kind === "failed" ? (
          <div role="alert" className="space-y-3 text-stone-800">
            <p>{gone ? "This link is no longer available." : slots.failure.message}</p>
            {gone ? <p className="text-sm text-stone-600">{slots.failure.message}</p> : null}
            {gone ? null : (
              <button type="button" className={linkButton} onClick={reload}>
                Try again
              </button>
            )}
          </div>
        ) : slots.answer.status === "paused" ? (
          <p className="text-stone-800">
            This link is paused for now: no times can be booked. Ask the person who shared it.
          </p>
        ) : mounted ? (
          <>
            <SlotPicker
              slots={slots.answer.slots}
              zone={mounted.zone}
              picked={picked}
              onPick={(start) => {
                setPicked(start);
                setNotice(null);
              }}
              week={week}
              lastWeek={MAX_WEEKS - 1}
              onWeek={(w) => {
                setPicked(null);
                setWeek(w);
              }}
            />
            {picked ? (
              <GuestForm
                slug={slug}
                start={picked}
                minutes={slots.answer.minutes}
                zone={mounted.zone}
                onBooked={(answer) => {
                  // the address now names the booking: a reload shows it, not the times again
                  const path = guestBookingPath(slug, answer.booking.id, answer.booking.key);
                  ownFragment.current = path.slice(path.indexOf("#"));
                  history.replaceState(history.state, "", path);
                  setBooked(answer);
                }}
                onTaken={onTaken}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </Frame>
  );
}

export const linkButton =
  "rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sage-700";

/** The page's frame: no app header, nothing of the host but what the link shows. */
function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="px-4 py-4 text-center text-xs text-stone-600">
        Scheduling by{" "}
        <a href="/" className="font-semibold text-sage-800 underline">
          Sage
        </a>
      </footer>
    </div>
  );
}
