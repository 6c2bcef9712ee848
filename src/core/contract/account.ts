import { z } from "zod";

/** DELETE /api/account: the caller must confirm on purpose. */
export const deleteAccountRequest = z.object({
  confirm: z.literal(true, "Confirm the deletion with confirm: true"),
});

/** GET /api/account/export: everything stored about the user, as one JSON document. */
export const accountExport = z.object({
  exportedAt: z.string(),
  format: z.literal("sage-account-export/1"),
  user: z.object({ id: z.string(), email: z.string(), created_at: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type AccountExport = z.infer<typeof accountExport>;
