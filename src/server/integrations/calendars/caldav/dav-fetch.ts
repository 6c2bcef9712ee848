import { type FetchPolicy, safeFetch } from "../safe-fetch.ts";

function headerRecord(headers: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * `fetch` for tsdav that goes through safeFetch: every request tsdav makes (discovery,
 * PROPFIND, REPORT, PUT, DELETE) gets the same address checks, redirect limit, timeout and
 * size cap as an iCalendar address.
 */
export function davFetch(policy: FetchPolicy): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== "string") {
      throw new Error("davFetch sends text bodies only");
    }
    const res = await safeFetch(
      url,
      {
        method: init?.method ?? "GET",
        headers: headerRecord(init?.headers),
        ...(typeof body === "string" ? { body } : {}),
      },
      policy,
    );
    const headers = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    const empty = res.status === 204 || res.status === 304 || res.status < 200;
    const response = new Response(empty ? null : new Uint8Array(res.body), {
      status: res.status,
      headers,
    });
    Object.defineProperty(response, "url", { value: res.url.href });
    return response;
  };
}
