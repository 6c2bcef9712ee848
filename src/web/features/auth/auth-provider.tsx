import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from "react";
import type { SessionUser } from "../../../core/contract/auth.ts";
import { onSignedOut, refreshSession, setAccessToken } from "../../lib/api.ts";
import { clearLocalUserData, rememberedUser, rememberUser } from "../../lib/local-user-data.ts";
import { useNavigate } from "../../lib/router.tsx";
import { metaQuery } from "./api/use-meta.ts";
import { AuthContext, type AuthState } from "./auth-context.ts";
import { rememberReturnTo, takeReturnTo } from "./return-to.ts";

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthState["status"]>("loading");
  const [user, setUser] = useState<SessionUser | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    // opened offline: keep the last user so their local data (the calendar) stays usable;
    // the session is checked again as soon as the network is back
    let offlineSession = false;
    const settle = (session: Awaited<ReturnType<typeof refreshSession>>) => {
      if (!live) return;
      const remembered = !session && !navigator.onLine ? rememberedUser() : null;
      offlineSession = Boolean(remembered);
      if (session) rememberUser(session.user);
      // a transition: the page on screen re-renders for the new status in small slices
      // rather than one long task just after it became interactive
      startTransition(() => {
        setUser(session?.user ?? remembered);
        setStatus(session || remembered ? "signedIn" : "signedOut");
      });
      // Google sign-in always lands on /chat; a flow that started it may want its page back
      if (session && window.location.pathname === "/chat") {
        const returnTo = takeReturnTo();
        if (returnTo) navigate(returnTo, { replace: true });
      }
    };
    refreshSession().then(settle);
    const recheck = () => {
      if (offlineSession) refreshSession().then(settle);
    };
    window.addEventListener("online", recheck);
    const off = onSignedOut(() => {
      setUser(null);
      setStatus("signedOut");
    });
    return () => {
      live = false;
      window.removeEventListener("online", recheck);
      off();
    };
  }, [navigate]);

  const signIn = useCallback(
    async (opts?: { returnTo?: string }) => {
      rememberReturnTo(opts?.returnTo);
      const meta = await queryClient.fetchQuery(metaQuery).catch(() => null);
      if (meta?.signIn.google) {
        window.location.assign("/api/auth/google");
      } else {
        navigate("/signin");
      }
    },
    [navigate, queryClient],
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
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "meta" });
  }, [queryClient]);

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
