// The one fetch wrapper: credentials included, the interface language sent, a JSON body and
// content type only when there is a body. A non-ok answer becomes an ApiError carrying the
// status, the server's message, its stable code and the whole parsed body (a 409 `sync_gap`
// carries `lastSeq`). No network at all is fetch's TypeError, left as it is; `timeoutMs` gives up
// on a request that gets no answer (a DOMException), as on a network that answers nothing. Every
// outcome tells reachability.ts whether the server answered.
import { currentLang } from '../i18n';
import { isGatewayFailure, reportAnswer, reportFailure, timeoutSignal } from './reachability';

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

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Lang': currentLang(), Accept: 'application/json' };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const signal = init.timeoutMs ? timeoutSignal(init.timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? 'GET', credentials: 'include', headers, body, signal });
  } catch (error) {
    reportFailure();
    throw error;
  }
  if (isGatewayFailure(response.status)) reportFailure();
  else reportAnswer();
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
