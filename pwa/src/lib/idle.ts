// Work the first screen does not need (keeping answers for offline use, the admin's sync badge)
// waits until the page has loaded and the main thread is free: on a mid-range phone it would
// otherwise compete with the page's own scripts and data.
import { useEffect, useState } from 'react';

/** A page's first seconds are its own: its scripts, texts and data. */
const SETTLE_MS = 3000;

/**
 * Runs `task` once the page has loaded, its first seconds have passed and the browser is idle
 * (at the latest 3 s after that). React's rendering in slices leaves short idle gaps while the
 * page is still being drawn: the settling time keeps such work out of them.
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 3000 });
    else setTimeout(task, 0);
  };
  const run = () => setTimeout(idle, Math.max(0, SETTLE_MS - performance.now()));
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
