// The app's one query client, provided to what needs it: every lazy page (App.tsx) and the
// sign-in check (features/auth/SessionCheck.tsx). It is created with the first of them, so the
// landing route's first load, which reads without it, never downloads the query library. Under
// a provider already there (the component tests' fresh client) it adds nothing.
import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';

const queryClient = createQueryClient();

export function QueryRoot({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
