import * as Dialog from "@radix-ui/react-dialog";
import { dateLabel } from "../../../lib/date-label.ts";
import { Link } from "../../../lib/router.tsx";
import { useProfile } from "../../../lib/server-state.ts";
import { useReturnFocus } from "../../../lib/use-return-focus.ts";
import { AccountDataActions } from "./account-data-actions.tsx";

export const SUPPORT_EMAIL = "support@sage.app";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** More actions beside Contact support (e.g. Manage Billing). */
  extraActions?: React.ReactNode;
  /** Replaces the plain 'used of limit' line (e.g. the usage panel). */
  usage?: React.ReactNode;
  /** Called once the account is deleted: the caller signs out and leaves. */
  onAccountDeleted?: () => void;
};

/** The profile view: who you are, your plan and usage, and what we keep about you. */
export function ProfileDialog({
  open,
  onOpenChange,
  extraActions,
  usage,
  onAccountDeleted,
}: Props) {
  const { data: profile } = useProfile({ enabled: open });
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Your profile</Dialog.Title>
          <Dialog.Description className="sr-only">
            Account, plan, usage and privacy
          </Dialog.Description>
          {profile ? (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-stone-600">E-mail</dt>
              <dd className="break-all font-medium">{profile.email}</dd>
              <dt className="text-stone-600">Member since</dt>
              <dd>{dateLabel(new Date(profile.created_at), {})}</dd>
              <dt className="text-stone-600">Subscription</dt>
              <dd className="capitalize">
                {profile.subscription_tier} · {profile.subscription_status}
              </dd>
              {!usage && (
                <>
                  <dt className="text-stone-600">Monthly usage</dt>
                  <dd>
                    {profile.monthly_usage} of {profile.monthly_usage_limit} messages
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className="mt-4 text-sm text-stone-600" role="status">
              Loading…
            </p>
          )}
          {profile && usage && <div className="mt-4">{usage}</div>}
          <p className="mt-4 text-sm">
            <Link to="/how-you-work" className="font-semibold text-sage-800 underline">
              How you work
            </Link>{" "}
            — your working days, hours and energy, as Sage plans with them.
          </p>
          <p className="mt-2 text-sm">
            <Link to="/booking-links" className="font-semibold text-sage-800 underline">
              Booking links
            </Link>{" "}
            — let others book a time with you, never in your best hours.
          </p>
          <section className="mt-6 rounded-xl bg-stone-50 p-4 text-sm text-stone-700">
            <h3 className="font-semibold text-stone-900">Data and privacy</h3>
            <p className="mt-1">
              We keep your account, your questionnaire answers, your conversations and your calendar
              so Sage can help you. We never sell your data — Sage is paid for by subscriptions.
              Read the{" "}
              <Link to="/privacy" className="underline">
                privacy policy
              </Link>{" "}
              and the{" "}
              <Link to="/terms" className="underline">
                terms of service
              </Link>
              .
            </p>
          </section>
          {onAccountDeleted && <AccountDataActions onDeleted={onAccountDeleted} />}
          <div className="mt-6 flex flex-wrap gap-2">
            {extraActions}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="rounded-xl border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-100"
            >
              Contact support
            </a>
            <Dialog.Close className="rounded-xl px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
