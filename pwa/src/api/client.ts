// The one fetch wrapper: credentials included, the interface language sent, a JSON body and
// content type only when there is a body. A non-ok answer becomes an ApiError carrying the
// status, the server's message, its stable code and the whole parsed body (a 409 `sync_gap`
// carries `lastSeq`). No network at all is fetch's TypeError, left as it is.
import { currentLang } from '../i18n';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly fieldErrors?: Record<string, string>,
    public readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Lang': currentLang(), Accept: 'application/json' };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(path, { method: init.method ?? 'GET', credentials: 'include', headers, body });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The ApiError of a non-ok answer. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let message = text || response.statusText;
  let code: string | undefined;
  let fieldErrors: Record<string, string> | undefined;
  let parsed: { message?: string; code?: string; fieldErrors?: Record<string, string>; [key: string]: unknown } | undefined;
  try {
    parsed = JSON.parse(text) as NonNullable<typeof parsed>;
    message = parsed.message ?? message;
    code = parsed.code;
    fieldErrors = parsed.fieldErrors;
  } catch {
    // Not JSON: keep the raw text.
  }
  return new ApiError(response.status, message, code, fieldErrors, parsed);
}
