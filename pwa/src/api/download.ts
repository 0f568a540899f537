// Files from the API (the console's xlsx exports), apart from client.ts so that the landing
// page does not carry them.
import { currentLang } from '../i18n';
import { toApiError } from './client';

/** A file from the API (an export): its bytes, the name the server gave it, and the headers. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include', headers: { 'X-Lang': currentLang() } });
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName, headers: response.headers };
}

/** Hands a downloaded file to the browser to save under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
