import { lazy, Suspense } from "react";

// react-markdown and its parser are the largest part of the chat's code; they load with the
// first assistant reply, not with the page
const Markdown = lazy(() => import("./markdown.tsx").then((m) => ({ default: m.Markdown })));

/** Assistant text as Markdown; until the renderer has loaded, the same text as plain text. */
export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}
