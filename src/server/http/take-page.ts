/** What one page of a list may hold: items, and bytes of their JSON. */
export type PageLimits = { items: number; bytes: number };

/**
 * The first items of `sorted` (already in the list's keyset order, after the cursor) that
 * fit a page: at most `limits.items` and `limits.bytes` of their JSON (UTF-8) — always at least
 * one, so every page moves on. `more` says that items past `sorted` were left for the next
 * page. The next cursor is the last item's id, null on the last page.
 */
export function takePage<T extends { id: string }>(
  sorted: T[],
  limits: PageLimits,
  more = false,
): { page: T[]; nextCursor: string | null } {
  const page: T[] = [];
  let bytes = 0;
  for (const item of sorted) {
    if (page.length === limits.items) break;
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (page.length > 0 && bytes > limits.bytes) break;
    page.push(item);
  }
  const cut = page.length < sorted.length || more;
  return { page, nextCursor: cut ? page[page.length - 1]!.id : null };
}
