import { useState } from 'react';
import { authApi } from './api-client';
import { showFailure } from './dialog';
import { translator } from './i18n/i18n';
import { dialogMessages } from './messages/dialog';

/**
 * The file name a Content-Disposition header gives (`filename*=UTF-8''…` before `filename="…"`),
 * or undefined. Path separators are dropped: the name is the server's suggestion, not a path.
 */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1]?.replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe || undefined;
}

/**
 * Downloads a protected file (a CSV export, a PDF): an authorised GET of `path` (relative to /api,
 * e.g. `orders/export.csv?status=Pending`), the body as a blob, saved through a temporary link
 * under the server's file name (or `fallbackName`). A failure is shown in the error dialog with
 * the server's message; resolves true when the file was handed to the browser.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<boolean> {
  try {
    // A long export streams for a while after its first bytes: no overall time limit once it answered.
    const response = await authApi.get(path, { timeout: 60_000 });
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has started the download (revoking at once can cancel it in some browsers).
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch (error) {
    // Its title in the language shown (it stayed English on a Bengali desk; issue 33).
    await showFailure(error, (await translator(dialogMessages))('dialog.downloadFailed'));
    return false;
  }
}

/**
 * A download started by a button: `busy` while it runs (the button says so and is disabled), and a
 * second press meanwhile does nothing. Failures are already shown by downloadFile.
 */
export function useDownload(start: () => Promise<unknown>): { busy: boolean; run: () => void } {
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (busy) return;
    setBusy(true);
    void start().finally(() => setBusy(false));
  };
  return { busy, run };
}
