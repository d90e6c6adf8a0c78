import { accountExportFileName, accountExportSchema, type DeleteAccountRequest } from "@tavolo/shared/account-data";
import type { ApiClient } from "../../../lib/api-client";

/**
 * GET /client/account/export (decision 021), saved as tavolo-<date>.json: the answer is checked
 * against the shared schema first, so a broken answer is never saved as the diner's data.
 */
export async function downloadAccountData(api: ApiClient): Promise<void> {
  const data = accountExportSchema.parse(await api.get("/client/account/export"));
  const file = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = accountExportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** DELETE /client/account: `{ password }`, or `{ code }` (mailed) for an account without one (Google). */
export function deleteAccount(api: ApiClient, confirmation: DeleteAccountRequest) {
  return api.delete("/client/account", { body: confirmation });
}

/** POST /client/account/deletion-code: mails the code that confirms deleting an account without a password. */
export function sendDeletionCode(api: ApiClient) {
  return api.post("/client/account/deletion-code");
}
