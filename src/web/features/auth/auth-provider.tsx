import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from "react";
import type { SessionUser } from "../../../core/contract/auth.ts";
import { onSignedOut, type RenewResult, renewSession, setAccessToken } from "../../lib/api.ts";
import { AuthContext, type AuthState } from "../../lib/auth-context.ts";
import { clearLocalUserData, rememberedUser, rememberUser } from "../../lib/local-user-data.ts";
import { useNavigate } from "../../lib/router.tsx";
import { sessionConfirmed, sessionEnded } from "../../lib/session-caches.ts";
import { meta } from "../../lib/use-meta.ts";
import { rememberReturnTo, takeReturnTo } from "./return-to.ts";

/** How often a session that could not be confirmed is asked about again (ms). */
const RECHECK_MS = 30_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthState["status"]>("loading");
  const [user, setUser] = useState<SessionUser | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    // No answer about the session (opened offline, or refresh rate-limited or failing):
    // keep the last user so their local data (the calendar) stays usable, and ask again
    // when the network is back and every half minute. Only a 401 signs out.
    let unconfirmed = false;
    let recheckTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (renewed: RenewResult) => {
      if (!live) return;
      const session = renewed.kind === "session" ? renewed.session : null;
      const remembered = renewed.kind === "unavailable" ? rememberedUser() : null;
      const wasUnconfirmed = unconfirmed;
      unconfirmed = renewed.kind === "unavailable";
      clearTimeout(recheckTimer);
      if (unconfirmed) recheckTimer = setTimeout(recheck, RECHECK_MS);
      if (session) rememberUser(session.user);
      // no user to show: online (the server is busy) keep loading and asking; offline there
      // is nothing to load, so the signed-out page, until the network is back
      if (renewed.kind === "unavailable" && !remembered && navigator.onLine) return;
      // a transition: the page on screen re-renders for the new status in small slices
      // rather than one long task just after it became interactive
      startTransition(() => {
        setUser(session?.user ?? remembered);
        setStatus(session || remembered ? "signedIn" : "signedOut");
      });
      // what failed while the session was unknown is asked again, now with a token
      if (session && wasUnconfirmed) sessionConfirmed();
      // Google sign-in always lands on /chat; a flow that started it may want its page back
      if (session && window.location.pathname === "/chat") {
        const returnTo = takeReturnTo();
        if (returnTo) navigate(returnTo, { replace: true });
      }
    };
    function recheck() {
      if (unconfirmed && navigator.onLine) renewSession().then(settle);
    }
    renewSession().then(settle);
    window.addEventListener("online", recheck);
    const off = onSignedOut(() => {
      setUser(null);
      setStatus("signedOut");
    });
    return () => {
      live = false;
      clearTimeout(recheckTimer);
      window.removeEventListener("online", recheck);
      off();
    };
  }, [navigate]);

  const signIn = useCallback(
    async (opts?: { returnTo?: string }) => {
      rememberReturnTo(opts?.returnTo);
      const modes = await meta.fetch().catch(() => null);
      if (modes?.signIn.google) {
        window.location.assign("/api/auth/google");
      } else {
        navigate("/signin");
      }
    },
    [navigate],
  );

  const signOut = useCallback(async () => {
    try {
      await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch (err) {
      console.error("sign-out failed", err); // spec: logged only; the local session ends anyway
    }
    setAccessToken(null);
    clearLocalUserData();
    setUser(null);
    setStatus("signedOut");
    // the signed-in user's queries go (the server's modes and the votes are public)
    sessionEnded();
  }, []);

  const completeSignIn = useCallback((session: { accessToken: string; user: SessionUser }) => {
    setAccessToken(session.accessToken);
    rememberUser(session.user);
    setUser(session.user);
    setStatus("signedIn");
  }, []);

  const value = useMemo<AuthState>(
    () => ({ status, user, signIn, signOut, completeSignIn }),
    [status, user, signIn, signOut, completeSignIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
