import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long the anchor is kept in view while the page above it is still loading. */
const SETTLE_MS = 2500;

/**
 * Client-side navigation does not scroll by itself: to the anchor when the address has one
 * (`/#events` from the footer or another page), else to the top of the new page. Content that
 * loads above the anchor (the events list) would push it away, so until the page settles or
 * the person scrolls, the anchor is brought back into view whenever the page's height changes.
 */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let attempts = 0;
    let observer: ResizeObserver | undefined;
    const stop = () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
    const scroll = (behavior: ScrollBehavior) => document.getElementById(id)?.scrollIntoView({ block: 'start', behavior });
    const first = () => {
      if (!document.getElementById(id)) {
        // The target may render a few frames later (a route that has just been loaded).
        if (attempts++ < 60) frame = requestAnimationFrame(first);
        return;
      }
      scroll('auto');
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => scroll('auto'));
        observer.observe(document.body);
      }
    };
    frame = requestAnimationFrame(first);
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', stop);
    const timer = window.setTimeout(stop, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [pathname, hash]);
  return null;
}
