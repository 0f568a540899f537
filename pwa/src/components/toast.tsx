// Toasts: one visible at a time, shown 5000 ms, swiped away to the right
// past 50 px, F8 focuses the toast region (Radix Toast's semantics), removed from memory
// 1,000,000 ms after dismissal. Call `toast()` from anywhere (a mutation's onError, a click
// handler) or `useToast()` in a component; `<Toaster />` is mounted once, in App. The Radix
// part (toast-view.tsx) is its own chunk, loaded at the first toast, so it does not weigh on
// the landing page's first load; the service worker's precache has it for offline use.
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  /** Already translated. */
  title: string;
  description?: string;
  /** 'error' toasts are announced assertively and styled as errors. */
  variant?: 'default' | 'success' | 'error';
}

export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
let removeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(state: ToastState | null) {
  current = state;
  listeners.forEach((listener) => listener());
}

/** Shows a toast, replacing the one on screen (only one is visible at a time). */
export function toast(input: ToastInput): number {
  clearTimeout(removeTimer);
  const id = nextId++;
  publish({ ...input, id, open: true });
  return id;
}

/** Closes the visible toast; it leaves memory TOAST_REMOVE_DELAY_MS later. */
export function dismissToast() {
  if (!current?.open) return;
  const closing = current.id;
  publish({ ...current, open: false });
  clearTimeout(removeTimer);
  removeTimer = setTimeout(() => {
    if (current?.id === closing) publish(null);
  }, TOAST_REMOVE_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
const getServerSnapshot = () => null;

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toast, dismiss: dismissToast, current: state };
}

const loadToastView = () => import('./toast-view');
const ToastView = lazy(loadToastView);

/** Resolves once the toast view's code is there (for a caller about to leave the page). */
export function toastViewReady(): Promise<unknown> {
  return loadToastView();
}

/** Mounted once in App: the toast region, with the one current toast. */
export function Toaster() {
  const { current: shown } = useToast();
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastView shown={shown} />
    </Suspense>
  );
}
