import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATIONS_DIR } from "../../src/server/db/migrate.ts";

/** Changes whenever a migration changes, so a stale template is never reused. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest("hex").slice(0, 12);
}

export const pgliteTemplateFile = () =>
  path.join(os.tmpdir(), `sage-pglite-template-${migrationsHash()}.tar.gz`);
export const postgresTemplateName = () => `sage_template_${migrationsHash()}`;
