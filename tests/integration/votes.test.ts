import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAGE_IDS } from "../../src/core/votes/candidates.ts";
import { sageVotes, voteLedger } from "../../src/server/db/schema.ts";
import { VOTE_RATE_LIMIT } from "../../src/server/routes/votes.ts";
import { VOTER_COOKIE } from "../../src/server/votes/voter-key.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextAddress = 1;
/** A distinct client address per caller, so the per-address rate limit never mixes tests. */
const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A browser: reads the counts (which hands out the voter cookie), then votes with it. */
async function newVoter() {
  const remoteAddress = freshAddress();
  const res = await t.app.inject({ method: "GET", url: "/api/sage-votes", remoteAddress });
  const cookie = res.cookies.find((c) => c.name === VOTER_COOKIE)!;
  return {
    remoteAddress,
    cookie: `${cookie.name}=${cookie.value}`,
    vote: (sageId: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/api/sage-votes",
        remoteAddress,
        headers: { cookie: `${cookie.name}=${cookie.value}` },
        payload: { sageId, hostname: "localhost", ...extra },
      }),
  };
}

const countOf = async (sageId: string) =>
  (await t.db.select().from(sageVotes).where(eq(sageVotes.sageId, sageId)))[0]?.count ?? 0;

describe("GET /api/sage-votes", () => {
  it("lists all nine candidates with 0 for those without votes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/sage-votes" });
    expect(res.statusCode).toBe(200);
    const { votes } = res.json();
    expect(Object.keys(votes).sort()).toEqual([...SAGE_IDS].sort());
    expect(Object.values(votes).every((n) => typeof n === "number")).toBe(true);
  });

  it("hands out a signed, httpOnly anonymous voter cookie scoped to the votes API", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/sage-votes" });
    const cookie = res.cookies.find((c) => c.name === VOTER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/sage-votes" });
    expect(cookie!.maxAge).toBe(365 * 86_400);
    expect(cookie!.value).toContain("."); // value.signature
    // a browser that already has one keeps it
    const again = await t.app.inject({
      method: "GET",
      url: "/api/sage-votes",
      headers: { cookie: `${VOTER_COOKIE}=${cookie!.value}` },
    });
    expect(again.cookies.find((c) => c.name === VOTER_COOKIE)).toBeUndefined();
  });
});

describe("POST /api/sage-votes", () => {
  it("counts a vote once per voter and answers a repeat with saved: false and the count", async () => {
    const before = await countOf("travel");
    const alice = await newVoter();
    const first = await alice.vote("travel");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ saved: true, newCount: before + 1 });
    const repeat = await alice.vote("travel");
    expect(repeat.json()).toEqual({ saved: false, newCount: before + 1 });

    const bob = await newVoter();
    expect((await bob.vote("travel")).json()).toEqual({ saved: true, newCount: before + 2 });
    // a vote for one assistant does not use up the others
    expect((await alice.vote("writing")).json().saved).toBe(true);

    const get = await t.app.inject({ method: "GET", url: "/api/sage-votes" });
    expect(get.json().votes.travel).toBe(before + 2);
  });

  it("falls back to the client address when there is no voter cookie, storing only a hash", async () => {
    const remoteAddress = freshAddress();
    const vote = () =>
      t.app.inject({
        method: "POST",
        url: "/api/sage-votes",
        remoteAddress,
        payload: { sageId: "learning" },
      });
    expect((await vote()).json().saved).toBe(true);
    expect((await vote()).json().saved).toBe(false);
    const keys = (
      await t.db.select().from(voteLedger).where(eq(voteLedger.sageId, "learning"))
    ).map((r) => r.voterKey);
    expect(keys.some((k) => k.startsWith("ip:"))).toBe(true);
    expect(keys.some((k) => k.includes(remoteAddress))).toBe(false);
  });

  it("treats a tampered voter cookie as no cookie", async () => {
    const remoteAddress = freshAddress();
    const forged = (id: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/sage-votes",
        remoteAddress,
        headers: { cookie: `${VOTER_COOKIE}=${id}.forgedsignature` },
        payload: { sageId: "creative" },
      });
    expect((await forged("AAAAAAAAAAAAAAAAAAAAAA")).json().saved).toBe(true);
    // a different forged id from the same address is still the same voter
    expect((await forged("BBBBBBBBBBBBBBBBBBBBBB")).json().saved).toBe(false);
  });

  it("refuses an unknown assistant and malformed bodies with a clear 400", async () => {
    const voter = await newVoter();
    const unknown = await voter.vote("astrology");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^sageId: must be one of: fitness, goals/);
    expect(unknown.json().code).toBe("bad_request");

    const longHost = await voter.vote("fitness", { hostname: "h".repeat(300) });
    expect(longHost.statusCode).toBe(400);
    expect(longHost.json().error).toMatch(/hostname/);

    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/sage-votes",
      remoteAddress: voter.remoteAddress,
      headers: { "content-type": "application/json" },
      payload: "{sageId:",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe("Malformed JSON body.");

    const empty = await t.app.inject({
      method: "POST",
      url: "/api/sage-votes",
      remoteAddress: voter.remoteAddress,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/sageId/);

    const array = await t.app.inject({
      method: "POST",
      url: "/api/sage-votes",
      remoteAddress: voter.remoteAddress,
      payload: ["fitness"],
    });
    expect(array.statusCode).toBe(400);
  });

  it("keeps the count exact under concurrent votes from many voters", async () => {
    const before = await countOf("nutrition");
    const voters = await Promise.all(Array.from({ length: 25 }, () => newVoter()));
    const results = await Promise.all(voters.map((v) => v.vote("nutrition")));
    expect(results.every((r) => r.json().saved === true)).toBe(true);
    const counts = results.map((r) => r.json().newCount).sort((a, b) => a - b);
    // every increment is seen exactly once
    expect(counts).toEqual(Array.from({ length: 25 }, (_, i) => before + i + 1));
    expect(await countOf("nutrition")).toBe(before + 25);
  });

  it("counts one of many concurrent repeats by the same voter", async () => {
    const before = await countOf("career");
    const voter = await newVoter();
    const results = await Promise.all(Array.from({ length: 10 }, () => voter.vote("career")));
    expect(results.filter((r) => r.json().saved).length).toBe(1);
    expect(await countOf("career")).toBe(before + 1);
  });

  it("rate-limits a client address that keeps voting", async () => {
    const remoteAddress = freshAddress();
    let last = 0;
    for (let i = 0; i <= VOTE_RATE_LIMIT.max; i++) {
      // no cookie: each vote is for a new assistant or a repeat; the limiter counts them all
      const res = await t.app.inject({
        method: "POST",
        url: "/api/sage-votes",
        remoteAddress,
        payload: { sageId: SAGE_IDS[i % SAGE_IDS.length] },
      });
      last = res.statusCode;
      if (i < VOTE_RATE_LIMIT.max) expect(res.statusCode).toBe(200);
      else {
        expect(res.json().error).toMatch(/Rate limit/);
        expect(res.headers["retry-after"]).toBeDefined();
      }
    }
    expect(last).toBe(429);
  });
});
