import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { checkedLookup, isAllowedAddress, normalizeCalendarUrl, safeFetch } from "./safe-fetch.ts";

const publicOnly = { allowLoopback: false };
const local = { allowLoopback: true };

describe("isAllowedAddress", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.8",
    "172.16.4.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
  ])("refuses %s", (address) => {
    expect(isAllowedAddress(address, publicOnly)).toBe(false);
  });

  it.each(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "1.1.1.1"])(
    "allows %s",
    (address) => {
      expect(isAllowedAddress(address, publicOnly)).toBe(true);
    },
  );

  it("allows loopback, and only loopback, when the policy says so", () => {
    expect(isAllowedAddress("127.0.0.1", local)).toBe(true);
    expect(isAllowedAddress("::1", local)).toBe(true);
    expect(isAllowedAddress("10.0.0.1", local)).toBe(false);
    expect(isAllowedAddress("169.254.169.254", local)).toBe(false);
  });
});

describe("normalizeCalendarUrl", () => {
  it("reads webcal:// as https://", () => {
    expect(normalizeCalendarUrl("webcal://p01-caldav.icloud.com/published/2/abc").href).toBe(
      "https://p01-caldav.icloud.com/published/2/abc",
    );
  });

  it("reads a bare host as https:// (the CalDAV form suggests caldav.fastmail.com)", () => {
    expect(normalizeCalendarUrl(" caldav.fastmail.com ").href).toBe("https://caldav.fastmail.com/");
    expect(() => normalizeCalendarUrl("not a url")).toThrow(/web address/);
  });
});

describe("checkedLookup", () => {
  it("fails a name that resolves to a refused address (the address the connection would use)", async () => {
    const lookup = checkedLookup(publicOnly);
    const error = await new Promise((resolve) => lookup("localhost", {}, (err) => resolve(err)));
    expect((error as NodeJS.ErrnoException).code).toBe("ESAGEREFUSED");
    const allowed = checkedLookup(local);
    const ok = await new Promise((resolve) =>
      allowed("localhost", {}, (err, address) => resolve(err ?? address)),
    );
    expect(ok).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe("safeFetch", () => {
  it("refuses loopback when the policy does not allow it, before connecting", async () => {
    await expect(
      safeFetch(new URL("https://127.0.0.1:9/x.ics"), {}, publicOnly),
    ).rejects.toBeInstanceOf(AppError);
    await expect(safeFetch(new URL("https://localhost:9/x.ics"), {}, publicOnly)).rejects.toThrow(
      /own machine/,
    );
  });
});
