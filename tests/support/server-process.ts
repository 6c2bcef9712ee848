import { type ChildProcess, spawn } from "node:child_process";
import { PROJECT_ROOT } from "../../src/server/project-root.ts";
import { freePort } from "./local-server.ts";
import { TEST_SECRET } from "./test-app.ts";

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  output: () => string;
};

/** How long a spawned server may take to answer /healthz. */
export const SERVER_START_MS = 90_000;

/**
 * The real server (src/server/main.ts) in its own process, as `npm start` runs it, ready
 * when /healthz answers. Tests kill it with real signals.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: TEST_SECRET,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  // a hang guard, not a speed check: a fresh PGlite directory takes ~7 s alone, and several
  // times that on a 2-core machine busy with the rest of the suite (30 s was not enough there)
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => output };
}

/** Signs in through development sign-in over HTTP; the same e-mail is the same user. */
export async function signInOver(url: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/dev-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`dev-login: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
}
