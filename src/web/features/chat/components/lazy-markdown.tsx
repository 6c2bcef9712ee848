import { lazy, Suspense } from "react";
import { closeOpenMarkup, keepLineBreaks } from "../lib/prepare-markdown.ts";

// react-markdown and its parser are the largest part of the chat's code; they load with the
// first assistant reply, not with the page
const loadMarkdown = () => import("./markdown.tsx");
const Markdown = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));

/** Starts loading the renderer (e.g. when a message is sent, before the reply streams in). */
export function preloadMarkdown(): void {
  void loadMarkdown().catch(() => undefined);
}

/**
 * Assistant text as Markdown; until the renderer has loaded, the same text as plain text.
 * While it streams, markers cut mid-way are closed so no raw `_` or `**` flashes by.
 */
export function LazyMarkdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const shown = keepLineBreaks(streaming ? closeOpenMarkup(text) : text);
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <Markdown text={shown} />
    </Suspense>
  );
}
