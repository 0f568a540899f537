// Files from the API (the console's xlsx exports), apart from client.ts so that the landing
// page does not carry them.
import { currentLang } from '../i18n';
import { toApiError } from './client';

/** A file from the API (an export): its bytes, the name the server gave it, and the headers. */
async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include', headers: { 'X-Lang': currentLang() } });
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName, headers: response.headers };
}

/** Hands a downloaded file to the browser to save under `name`. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an export and saves it under the server's name (else `fallbackName`); answers that
 * name and the row count the server gave (`X-Row-Count`), for the toast. */
export async function downloadExport(path: string, fallbackName: string): Promise<{ fileName: string; rows: number }> {
  const { blob, fileName, headers } = await apiDownload(path);
  const name = fileName ?? fallbackName;
  saveFile(blob, name);
  return { fileName: name, rows: Number(headers.get('X-Row-Count') ?? 0) };
}
