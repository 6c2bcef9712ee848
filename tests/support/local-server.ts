import { createServer } from "node:net";

/** A free loopback port: the OS picks it, and it is closed again before the caller takes it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Waits until a CalDAV server answers its well-known address (10 s at most, or until the
 * process has exited); throws naming the server otherwise.
 */
export async function waitForCalDav(
  origin: string,
  name: string,
  child: { exitCode: number | null },
): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${origin}/.well-known/caldav`, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${name} did not start`);
}
