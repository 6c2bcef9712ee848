import { call } from "../../../lib/client.ts";

/** Fetches the export (bearer) and hands it to the browser as a file download. */
export async function downloadAccountExport(): Promise<void> {
  const data = await call("exportAccount");
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

export const deleteAccount = () => call("deleteAccount", { body: { confirm: true } });
