// Whether the server answers, as this page last found out. `navigator.onLine` only says that a
// network interface is up: at the lake a phone is often on a network that answers nothing, and
// some browsers keep it true on a page the service worker reloaded offline. So every request of
// apiFetch reports here (an answer, or a failure: no network, a timeout, a proxy with no server
// behind it), and while a status line watches, a small probe (GET /api/health) finds out when
// nothing else asked: soon after a failure, to see the server come back, and now and then when all
// is well, to see it go. The browser's own 'offline' still counts at once.

export type Reach = 'reachable' | 'unreachable';

/** How long a probe waits for an answer before counting the server unreachable. */
export const PROBE_TIMEOUT_MS = 5_000;
/** After a failure: the first probe, then doubling to the longest wait. */
export const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 10_000;
/** While all is well: a probe when nothing was heard for this long. */
export const QUIET_MS = 10_000;

let failed = false;
let lastHeard = 0;
const listeners = new Set<() => void>();
const returnListeners = new Set<() => void>();

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** What the page knows now. */
export function reach(): Reach {
  return failed || browserOffline() ? 'unreachable' : 'reachable';
}

function publish(nowFailed: boolean) {
  const before = reach();
  failed = nowFailed;
  const after = reach();
  if (before === after) return;
  listeners.forEach((listener) => listener());
  if (after === 'reachable') returnListeners.forEach((listener) => listener());
  schedule();
}

/** A request was answered (any HTTP status from the server itself). */
export function reportAnswer(): void {
  lastHeard = performance.now();
  publish(false);
}

/** A request got no answer from the server. */
export function reportFailure(): void {
  publish(true);
}

/**
 * A 502 or 504 comes from a proxy (Caddy) in front of a server that did not answer: for the
 * phone, the server is out of reach as much as with no network. A 503 is the server's own answer
 * (a database it cannot write, a busy moment): it is there.
 */
export function isGatewayFailure(status: number): boolean {
  return status === 502 || status === 504;
}

export function subscribeReach(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `listener` each time the server answers again after a failure (the sync engine pushes then). */
export function onReturn(listener: () => void): () => void {
  returnListeners.add(listener);
  return () => returnListeners.delete(listener);
}

let watchers = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = FIRST_RETRY_MS;
let probing = false;

/** A signal that aborts after `ms` (AbortSignal.timeout, on the page's own timers). */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), ms);
  return controller.signal;
}

/** One GET /api/health, its outcome reported like any request's. */
export async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  let answered = false;
  try {
    const response = await fetch('/api/health', { cache: 'no-store', credentials: 'omit', signal: timeoutSignal(PROBE_TIMEOUT_MS) });
    answered = !isGatewayFailure(response.status);
  } catch {
    // No network, refused, or no answer in time.
  }
  probing = false;
  if (answered) reportAnswer();
  else {
    reportFailure();
    retryDelay = Math.min(retryDelay * 2, LONGEST_RETRY_MS);
  }
  schedule();
}

/** The probe's next time: soon while unreachable, else once nothing was heard for QUIET_MS. */
function schedule() {
  clearTimeout(timer);
  timer = undefined;
  if (watchers === 0) return;
  if (reach() === 'unreachable') {
    timer = setTimeout(() => void probe(), retryDelay);
    return;
  }
  retryDelay = FIRST_RETRY_MS;
  timer = setTimeout(tick, Math.max(0, lastHeard + QUIET_MS - performance.now()));
}

function tick() {
  // Something else was answered meanwhile: no need to ask yet.
  if (reach() === 'reachable' && performance.now() - lastHeard < QUIET_MS) schedule();
  else void probe();
}

function onBrowserChange() {
  listeners.forEach((listener) => listener());
  // The browser says the network came back (or went): ask the server rather than believe it.
  void probe();
}

/** Keeps the probe running while at least one status line is shown; returns the stop. */
export function watchReach(): () => void {
  watchers += 1;
  if (watchers === 1) {
    window.addEventListener('online', onBrowserChange);
    window.addEventListener('offline', onBrowserChange);
    schedule();
  }
  return () => {
    watchers -= 1;
    if (watchers > 0) return;
    window.removeEventListener('online', onBrowserChange);
    window.removeEventListener('offline', onBrowserChange);
    clearTimeout(timer);
    timer = undefined;
  };
}
