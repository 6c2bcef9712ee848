// Development: the API in watch mode on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn("npx", ["vite", "--config", "vite.config.ts"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
