import { useState } from "react";
import { ApiError } from "../../../lib/api.ts";
import { useOnline } from "../../../lib/use-online.ts";
import { deleteAccount, downloadAccountExport } from "../api/account-api.ts";

const action =
  "rounded-xl border px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-70";

export const ACCOUNT_OFFLINE =
  "You're offline. Exporting or deleting your data needs a connection; both are back when you are.";

/**
 * 'Export my data' (a JSON download of everything stored) and 'Delete my account' (asks
 * first; removes every row, cancels a subscription, ends sessions and the calendar feed).
 * Both need the server: offline they are disabled and say so, rather than fail.
 */
export function AccountDataActions({ onDeleted }: { onDeleted: () => void }) {
  const online = useOnline();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function exportData() {
    setExporting(true);
    setError(null);
    setDone(null);
    try {
      await downloadAccountExport();
      setDone("Your data has been downloaded.");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The export failed. Please try again.");
    } finally {
      setExporting(false);
    }
  }

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
      onDeleted();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.message
          : "Your account could not be deleted. Please try again.",
      );
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="your-data-heading" className="mt-6">
      <h3 id="your-data-heading" className="text-sm font-semibold text-stone-900">
        Your data
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void exportData()}
          disabled={exporting || !online}
          className={`${action} border-stone-300 hover:bg-stone-100`}
        >
          {exporting ? "Preparing export…" : "Export my data"}
        </button>
        {!confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={!online}
            className={`${action} border-red-300 text-red-800 hover:bg-red-50`}
          >
            Delete my account
          </button>
        )}
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-labelledby="delete-confirm-text"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p id="delete-confirm-text">
            Delete your account for good? Your profile, assistants, conversations, calendar and feed
            are removed, any subscription is cancelled and you are signed out everywhere. This
            cannot be undone.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void remove()}
              disabled={deleting || !online}
              className={`${action} border-red-700 bg-red-700 text-white hover:bg-red-800`}
            >
              {deleting ? "Deleting…" : "Yes, delete my account"}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              disabled={deleting}
              className={`${action} border-stone-300 bg-white text-stone-900 hover:bg-stone-100`}
            >
              Keep my account
            </button>
          </div>
        </div>
      )}
      {!online && (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {ACCOUNT_OFFLINE}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="mt-3 text-sm text-sage-800">
          {done}
        </p>
      )}
    </section>
  );
}
