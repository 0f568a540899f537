// What the component tests share: a stubbed API (fetch answering by path) and a render inside
// the providers the app gives every page (a fresh query client, the sign-in status asked of
// the stubbed API, a router, Suspense for the lazy translations). Tests only: nothing in the
// app imports this folder.
import { Suspense, type ReactNode } from 'react';
import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../i18n';
import { createQueryClient } from '../api/queryClient';
import { SessionProvider } from '../features/auth/session';

/** A JSON answer of the API. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A route of `serve` that answers an error: the status, the code and a message. */
export const apiError = (status: number, code: string, message = 'x') => () => json(status, { code, message });

/**
 * Stubs `fetch`: each path answers its body (200) or, mapped to a function, what it returns
 * (`apiError`); any other path 404 `not_found`. Returns the mock, to read the calls.
 */
export function serve(routes: Record<string, unknown>) {
  const fetch = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async (path) => {
    const answer = routes[path];
    if (answer === undefined) return json(404, { code: 'not_found', message: 'Introuvable.' });
    if (typeof answer === 'function') return (answer as () => Response)();
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Renders `ui` at `path` with the app's providers, and lets its first fetches settle. */
export async function renderPage(ui: ReactNode, path = '/') {
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={null}>{ui}</Suspense>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
  });
}
