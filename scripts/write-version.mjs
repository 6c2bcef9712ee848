// Writes dist/web/version.json (spec: version, revision, buildDate, branch, lastCommitDate).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const git = (...args) => {
  try {
    return execFileSync("git", args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
};
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const info = {
  version: pkg.version,
  revision: git("rev-parse", "--short", "HEAD"),
  buildDate: new Date().toISOString(),
  branch: git("rev-parse", "--abbrev-ref", "HEAD"),
  lastCommitDate: git("log", "-1", "--format=%cI"),
};
writeFileSync(
  `${process.env.SAGE_DIST_DIR ?? "dist"}/web/version.json`,
  `${JSON.stringify(info, null, 2)}\n`,
);
