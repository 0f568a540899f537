import { StrictMode, type ReactNode } from 'react';
import { SessionProvider } from './features/auth/session';

/** The providers around the app, the same in the browser and in the build-time prerender. The
 *  query client comes with the lazy parts that read through it (lib/lazyWithQueries.tsx). */
export function Root({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>{children}</SessionProvider>
    </StrictMode>
  );
}
