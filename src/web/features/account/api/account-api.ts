import type { AccountExport } from "../../../../core/contract/account.ts";
import { api } from "../../../lib/api.ts";

/** Fetches the export (bearer) and hands it to the browser as a file download. */
export async function downloadAccountExport(): Promise<void> {
  const data = await api<AccountExport>("/api/account/export");
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `sage-export-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started; give the browser a moment before the URL is freed
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const deleteAccount = () =>
  api<void>("/api/account", { method: "DELETE", body: { confirm: true } });
