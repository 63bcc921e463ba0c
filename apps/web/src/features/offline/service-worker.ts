/**
 * The page's side of the service worker (docs/product.md#phone-notifications): registering it once
 * the first load is over, hearing when an answer came from the kept copy (the "last updated" line),
 * and asking it to forget kept reads.
 */
import type { WorkerMessage } from '../../sw/kept-reads';

/** How long after the page's load event the worker is registered: the first load stays as it is. */
const REGISTER_DELAY_MS = 5_000;
export const SERVICE_WORKER_URL = '/sw.js';

let keptCopyFetchedAt: string | null = null;
const listeners = new Set<() => void>();

function setKeptCopyFetchedAt(value: string | null): void {
  if (value === keptCopyFetchedAt) return;
  keptCopyFetchedAt = value;
  for (const listener of listeners) listener();
}

/** When the kept copy the page shows was fetched (an HTTP date), or null while reads are live. */
export function keptCopyTime(): string | null {
  return keptCopyFetchedAt;
}

export function subscribeKeptCopyTime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers the worker after load (production builds only) and listens to what it says. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage | null>) => {
    if (event.data?.type === 'served-from-cache') setKeptCopyFetchedAt(event.data.fetchedAt ?? 'unknown');
  });
  // A worker that takes the page over learns who is signed in from it.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (signedInUser !== undefined) tellWorker({ type: 'signed-in', userId: signedInUser });
  });
  navigator.serviceWorker.startMessages();
  window.addEventListener('online', () => setKeptCopyFetchedAt(null));
  const register = () => {
    window.setTimeout(() => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
    }, REGISTER_DELAY_MS);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function tellWorker(message: WorkerMessage): void {
  if (!serviceWorkerSupported()) return;
  navigator.serviceWorker.controller?.postMessage(message);
}

/** Who the page last told the worker is signed in (undefined: not told yet). */
let signedInUser: number | null | undefined;

/**
 * Tells the worker who is signed in, from each answer of `auth.me` (null: nobody) or a refusal for
 * want of a session: on any change it drops the kept reads of everyone else, and keeps and serves
 * only this member's from then on (docs/product.md#offline-rides).
 */
export function tellWorkerWhoIsSignedIn(userId: number | null): void {
  if (userId === signedInUser) return;
  signedInUser = userId;
  tellWorker({ type: 'signed-in', userId });
}

/**
 * Signed out: the rides kept for offline reading are dropped, and this browser's push subscription
 * ended, so the next member to use it gets none of the last one's notifications (the push service
 * refuses them from then on, and the server drops the subscription at the first refusal).
 */
export function forgetThisDevice(): void {
  signedInUser = null;
  tellWorker({ type: 'forget-reads' });
  if (!serviceWorkerSupported()) return;
  navigator.serviceWorker
    .getRegistration('/')
    .then((registration) => registration?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/** The member is not on this ride: its copy is not kept. */
export function forgetKeptRide(rideId: number): void {
  tellWorker({ type: 'forget-ride', rideId });
}
