import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { sessionConfirmed } from "./session-caches.ts";
import { resource } from "./shared-resource.ts";
import { setOnline } from "./use-online.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the requests start (each first checks the connection). */
const started = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fetcher whose answers the test hands out one by one. */
function deferred<T>() {
  const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const fetcher = vi.fn(
    () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return { fetcher, pending };
}

describe("resource", () => {
  it("shares one request between readers and keeps the answer while fresh", async () => {
    const { fetcher, pending } = deferred<number>();
    const r = resource(fetcher, { staleMs: Number.POSITIVE_INFINITY });
    const a = r.fetch();
    const b = r.fetch();
    r.ensureFresh();
    await started();
    expect(fetcher).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(7);
    expect(await a).toBe(7);
    expect(await b).toBe(7);
    expect(r.read()).toMatchObject({ data: 7, isSuccess: true });
    expect(await r.fetch()).toBe(7);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("does not ask while offline; asks once the connection is back", async () => {
    setOnline(false);
    const fetcher = vi.fn(async () => 1);
    const r = resource(fetcher, { staleMs: 1000 });
    const answer = r.fetch();
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
    setOnline(true);
    expect(await answer).toBe(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("retries a server error twice, a client error never", async () => {
    vi.useFakeTimers();
    const failing = vi.fn(async () => {
      throw new ApiError(503, "unavailable", "busy");
    });
    const r = resource(failing, { staleMs: 1000 });
    const answer = r.fetch().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await answer).toBeInstanceOf(ApiError);
    expect(failing).toHaveBeenCalledTimes(3);
    expect(r.read().isError).toBe(true);

    const refused = vi.fn(async () => {
      throw new ApiError(400, "bad_request", "no");
    });
    await resource(refused, { staleMs: 1000 })
      .fetch()
      .catch(() => undefined);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("an update wins over an answer already on its way", async () => {
    const { fetcher, pending } = deferred<number>();
    const r = resource(fetcher, { staleMs: 0 });
    r.update((n) => (n === undefined ? undefined : n + 1)); // no data yet: nothing to change
    expect(r.read().isPending).toBe(true);
    const first = r.fetch();
    await started();
    pending[0]!.resolve(5);
    await first;
    // a refetch is on its way when the person votes: its older count is dropped
    const second = r.fetch();
    await started();
    r.update((n) => (n ?? 0) + 1);
    expect(r.read().data).toBe(6);
    pending[1]!.resolve(5);
    await second;
    expect(r.read().data).toBe(6);
  });

  it("is asked again once the session is confirmed, while shown", async () => {
    const fetcher = vi.fn(async () => 2);
    const r = resource(fetcher, { staleMs: Number.POSITIVE_INFINITY });
    const off = r.subscribe(() => undefined);
    await r.fetch();
    sessionConfirmed();
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    off();
  });
});
