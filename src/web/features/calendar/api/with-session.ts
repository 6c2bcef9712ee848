import { ApiError, refreshSession } from "../../../lib/api.ts";
import { SYNC_ERRORS } from "../lib/sync-messages.ts";

/**
 * A page opened while offline has no access token yet; once back online the session cookie
 * may still be good, so a 401 is retried once after renewing the session. When it cannot be
 * renewed the error says 'No valid session'.
 */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const session = await refreshSession();
    if (!session) throw new ApiError(401, "no_session", SYNC_ERRORS.noSession);
    return call();
  }
}
