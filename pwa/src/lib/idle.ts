// Work the first screen does not need (keeping answers for offline use, the admin's sync badge)
// waits until the page has loaded and the main thread is free: on a mid-range phone it would
// otherwise compete with the page's own scripts and data (issue 14).
import { useEffect, useState } from 'react';

/** Runs `task` once the page has loaded and the browser is idle (at the latest 3 s later). */
export function whenIdle(task: () => void): void {
  const run = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 3000 });
    else setTimeout(task, 0);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** False until `whenIdle` has come: for parts of a page that may appear a moment later. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let active = true;
    whenIdle(() => {
      if (active) setIdle(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return idle;
}
