import { useMeta } from "../lib/use-meta.ts";

/** Says plainly which embedded defaults are running, so nothing pretends to be real. */
export function DemoModeNote() {
  const { data } = useMeta();
  if (!data) return null;
  const parts: string[] = [];
  if (data.signIn.development) parts.push("development sign-in");
  if (data.modes.assistant === "offline") parts.push("built-in assistant");
  if (data.modes.billing === "demo") parts.push("demo billing (no real charges)");
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-stone-600">
      <span className="font-semibold">Demo mode:</span> {parts.join(" · ")}
    </p>
  );
}
