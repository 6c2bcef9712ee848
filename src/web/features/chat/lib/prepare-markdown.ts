/**
 * A line break in a reply is a line break on screen (as in any chat), not a space: every
 * line followed by another non-empty line ends in a Markdown hard break. Code fences are
 * left alone.
 */
export function keepLineBreaks(text: string): string {
  const lines = text.split("\n");
  let fenced = false;
  return lines
    .map((line, i) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const next = lines[i + 1];
      if (fenced || next === undefined || next.trim() === "" || line.trim() === "") return line;
      return /^\s*```/.test(next) ? line : `${line.replace(/\s+$/, "")}  `;
    })
    .join("\n");
}

/**
 * While a reply streams, its Markdown is often cut mid-emphasis ("_Tip: answer the"): the
 * open markers are closed for display, so the text renders styled instead of showing raw
 * underscores and asterisks until the closing marker arrives.
 */
export function closeOpenMarkup(text: string): string {
  let out = text;
  const fences = (out.match(/```/g) ?? []).length;
  if (fences % 2 === 1) return `${out}\n\`\`\``;
  const ticks = (out.replace(/```/g, "").match(/`/g) ?? []).length;
  if (ticks % 2 === 1) out += "`";
  const strong = (out.match(/\*\*/g) ?? []).length;
  if (strong % 2 === 1) out = `${out.replace(/\s+$/, "")}**`;
  // single * or _ used as emphasis: opening at a word start, not inside words (snake_case)
  for (const mark of ["_", "*"]) {
    const re =
      mark === "_"
        ? /(?<![\w*])_(?!_)|(?<!_)_(?![\w_])/g
        : /(?<![\w*])\*(?!\*)|(?<!\*)\*(?![\w*])/g;
    const count = (out.replace(/\*\*/g, "").match(re) ?? []).length;
    const listBullets = mark === "*" ? (out.match(/^\s*\* /gm) ?? []).length : 0;
    if ((count - listBullets) % 2 === 1) out = `${out.replace(/\s+$/, "")}${mark}`;
  }
  return out;
}
