import "../lib/zod-jitless.ts";
import { type FormEvent, useState } from "react";
import { email as emailSchema } from "../../core/contract/auth.ts";
import { Button } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { takeReturnTo } from "../features/auth/return-to.ts";
import { ApiError } from "../lib/api.ts";
import { useAuth } from "../lib/auth-context.ts";
import { call } from "../lib/client.ts";
import { Navigate } from "../lib/router.tsx";
import { useMeta } from "../lib/use-meta.ts";

/** Development sign-in: only offered when Google is not configured and the app runs locally. */
export default function DevSignInPage() {
  const { completeSignIn, status } = useAuth();
  const { data: meta } = useMeta();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // where a flow that asked for sign-in wants to continue (default /chat)
  const [destination, setDestination] = useState("/chat");

  if (meta?.signIn.google) return <Navigate to="/" replace />;
  if (status === "signedIn") return <Navigate to={destination} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // the server's own rule, checked here so the message reads as a sentence, not "email: …"
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setError(
        `Sign in failed: ${checked.error.issues[0]?.message ?? "Enter a valid e-mail address"}`,
      );
      return;
    }
    setPending(true);
    try {
      const session = await call("devLogin", { body: { email } });
      setDestination(takeReturnTo() ?? "/chat");
      completeSignIn(session);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : "Unknown error";
      setError(`Sign in failed: ${message}`);
    } finally {
      setPending(false);
    }
  }

  return (
    <PageShell>
      <section className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <strong>Development sign-in.</strong> Google sign-in is not configured, so on this machine
          you can sign in with any e-mail address. A public deployment never offers this.
        </div>
        <h1 className="mt-8 text-2xl font-bold">Sign in to Sage</h1>
        <form onSubmit={submit} className="mt-6 flex flex-col gap-4" noValidate>
          <label className="flex flex-col gap-1 text-sm font-medium">
            E-mail address
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="rounded-xl border border-stone-300 px-3 py-2.5 text-base"
              placeholder="you@example.com"
            />
          </label>
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" disabled={pending || email.trim() === ""}>
            {pending ? "Signing in…" : "Continue with this e-mail"}
          </Button>
        </form>
      </section>
    </PageShell>
  );
}
