// One value of the page's address kept in its query (?event=12), so that a reload or a shared
// link comes back to it. Changing it replaces the history entry: Back leaves the page instead of
// stepping through every choice.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useSearchParam(name: string): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
