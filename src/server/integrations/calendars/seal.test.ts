import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openCredentials, sealCredentials } from "./seal.ts";

describe("sealed credentials", () => {
  const key = randomBytes(32);
  const value = { url: "https://dav.example/", username: "ada", password: "s3cret-pass" };

  it("round-trips and never contains the secret in clear", () => {
    const sealed = sealCredentials(key, value);
    expect(sealed).not.toContain("s3cret");
    expect(openCredentials(key, sealed)).toEqual(value);
  });

  it("uses a fresh nonce each time", () => {
    expect(sealCredentials(key, value)).not.toBe(sealCredentials(key, value));
  });

  it("refuses another key and an altered text", () => {
    const sealed = sealCredentials(key, value);
    expect(() => openCredentials(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => openCredentials(key, parts.join("."))).toThrow();
  });
});
