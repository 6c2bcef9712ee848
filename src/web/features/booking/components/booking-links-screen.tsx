import { useState } from "react";
import { BOOKING_LIMITS } from "../../../../core/booking/booking-limits.ts";
import type { BookingLink, CreateBookingLinkInput } from "../../../../core/contract/booking.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useBookingLinks, useBookingMutations } from "../api/use-booking-links.ts";
import { fieldErrors } from "../lib/field-errors.ts";
import { LINK_FORM_FIELDS, type LinkFormErrors } from "../lib/link-form.ts";
import { BookingsList } from "./bookings-list.tsx";
import { LinkCard } from "./link-card.tsx";
import { LinkDialog } from "./link-dialog.tsx";

type Editing = { link: BookingLink | null } | null;

/** The host's side of booking links: make and manage links, see and cancel bookings. */
export function BookingLinksScreen() {
  const links = useBookingLinks();
  const { create, update, remove } = useBookingMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverErrors, setServerErrors] = useState<{
    fields: LinkFormErrors;
    rest: string | null;
  } | null>(null);
  const [deleting, setDeleting] = useState<BookingLink | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const open = (link: BookingLink | null) => {
    setServerErrors(null);
    setEditing({ link });
  };
  const refused = (err: unknown) => {
    const message = err instanceof ApiError ? err.message : "Sage could not save the link.";
    setServerErrors(
      err instanceof ApiError && err.status === 400
        ? fieldErrors(message, LINK_FORM_FIELDS)
        : { fields: {}, rest: message },
    );
  };
  const save = (input: CreateBookingLinkInput) => {
    const link = editing?.link;
    if (!link) {
      create.mutate(input, { onSuccess: () => setEditing(null), onError: refused });
      return;
    }
    // pausing is the card's: an edit never resumes or pauses the link
    const { paused: _paused, ...changes } = input;
    update.mutate(
      { link, input: changes },
      { onSuccess: () => setEditing(null), onError: refused },
    );
  };
  const setPaused = (link: BookingLink, paused: boolean) => {
    setActionError(null);
    update.mutate(
      { link, input: { paused } },
      { onError: (err) => setActionError(err instanceof ApiError ? err.message : String(err)) },
    );
  };

  const list = links.data ?? [];
  const full = list.length >= BOOKING_LIMITS.linksPerUser;
  return (
    <>
      <section aria-labelledby="links-heading" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="links-heading" className="text-lg font-semibold text-stone-900">
            Your links
          </h2>
          <Button onClick={() => open(null)} disabled={full}>
            New booking link
          </Button>
        </div>
        {full ? (
          <p className="mt-2 text-sm text-stone-700">
            You have {BOOKING_LIMITS.linksPerUser} links, the most there can be. Delete one to make
            another.
          </p>
        ) : null}
        {actionError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {actionError}
          </p>
        ) : null}
        {links.isPending ? (
          <p role="status" className="mt-4 text-stone-700">
            Loading your links…
          </p>
        ) : links.isError ? (
          <p role="alert" className="mt-4 text-stone-800">
            Your links could not be loaded: {links.error.message}
          </p>
        ) : list.length === 0 ? (
          <div className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-stone-700">
            <p className="font-medium text-stone-900">No booking links yet.</p>
            <p className="mt-1 text-sm">
              Make one with “New booking link”, then send its address to whoever wants a time with
              you. They pick from your free times; each booking lands on your calendar.
            </p>
          </div>
        ) : (
          <ul className="mt-4 space-y-3">
            {list.map((link) => (
              <li key={link.id}>
                <LinkCard
                  link={link}
                  busy={update.isPending && update.variables?.link.id === link.id}
                  onEdit={() => open(link)}
                  onPause={(paused) => setPaused(link, paused)}
                  onDelete={() => setDeleting(link)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <BookingsList links={list} />

      <LinkDialog
        open={editing !== null}
        link={editing?.link ?? null}
        saving={create.isPending || update.isPending}
        serverErrors={serverErrors}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this booking link?"
        description={
          <>
            “{deleting?.title}” stops taking bookings, and its page says it is no longer available.
            Bookings already made stay on your calendar.
          </>
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            remove.mutate(deleting, {
              onError: (err) => setActionError(err instanceof ApiError ? err.message : String(err)),
            });
          setDeleting(null);
        }}
      />
    </>
  );
}
