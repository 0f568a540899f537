// React.lazy for a part of the app that reads through TanStack Query: it comes with the app's
// query client around it (api/QueryRoot.tsx), loaded in the same round. The landing route's
// first load has no query client (features/auth/session.tsx).
import { lazy, type ComponentType } from 'react';

export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    Promise.all([load(), import('../api/QueryRoot')]).then(([Component, { QueryRoot }]) => ({
      default: (props: P) => (
        <QueryRoot>
          <Component {...props} />
        </QueryRoot>
      ),
    })),
  );
}
