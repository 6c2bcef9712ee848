import ReactMarkdown, { type Components } from "react-markdown";

/** Only http(s) and mailto links survive; everything else (javascript:, data:) is dropped. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url, "https://invalid.local");
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) && !url.startsWith("//")
      ? url
      : "";
  } catch {
    return "";
  }
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <span>{alt}</span>, // no remote images from model text
};

/**
 * Renders assistant text as Markdown. Raw HTML is never rendered (react-markdown escapes it
 * without rehype-raw), and links are limited to http(s) and mailto.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="prose-chat space-y-2 break-words [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown skipHtml urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
