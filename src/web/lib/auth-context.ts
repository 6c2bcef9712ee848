import { createContext, useContext } from "react";
import type { SessionUser } from "../../core/contract/auth.ts";

export type AuthState = {
  status: "loading" | "signedIn" | "signedOut";
  user: SessionUser | null;
  /**
   * Starts sign-in: Google when configured, otherwise the development sign-in screen.
   * `returnTo` is where to land afterwards (default /chat).
   */
  signIn: (opts?: { returnTo?: string }) => Promise<void>;
  signOut: () => Promise<void>;
  /** Called after a successful development sign-in. */
  completeSignIn: (session: { accessToken: string; user: SessionUser }) => void;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}
