// A query of the phone's database in React, live: a change in any tab shows at once.
import { useEffect, useState } from 'react';
import { watch } from '../db/outbox';

/** The answer of `query` (keep it stable: useCallback), `initial` until the first one. */
export function useWatched<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => watch(query, setValue), [query]);
  return value;
}
