/// <reference lib="webworker" />
/**
 * The service worker (docs/product.md#phone-notifications): keeps the app's shell (precached by
 * vite-plugin-pwa), keeps the ride pages' reads for offline reading, network first
 * (docs/product.md#offline-rides), and shows pushed notifications.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { isKeptRead, KEPT_READS_CACHE, readIsAboutRide, type WorkerMessage } from './kept-reads';

declare let self: ServiceWorkerGlobalScope;

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: the network first (a new release shows at once), the kept shell when there is none.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [/^\/(api|trpc)\//] },
  ),
);

// The ride pages' reads: the network first, storing each good answer; offline, the stored copy,
// and the page is told when it was fetched (its Date header) for the "last updated" line.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isKeptRead(url, request.method),
  async ({ request, event }) => {
    const cache = await caches.open(KEPT_READS_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request);
      if (!kept) throw error;
      const client = await self.clients.get((event as FetchEvent).clientId);
      const message: WorkerMessage = { type: 'served-from-cache', fetchedAt: kept.headers.get('date') };
      client?.postMessage(message);
      return kept;
    }
  },
);

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'forget-reads') event.waitUntil(caches.delete(KEPT_READS_CACHE));
  if (message?.type === 'forget-ride') {
    const { rideId } = message;
    event.waitUntil(
      caches.open(KEPT_READS_CACHE).then(async (cache) => {
        const requests = await cache.keys();
        await Promise.all(requests.filter((r) => readIsAboutRide(new URL(r.url), rideId)).map((r) => cache.delete(r)));
      }),
    );
  }
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title ?? 'RideShare', {
      body: payload.body ?? 'You have a new notification',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      data: { url: payload.url ?? '/notifications' },
    }),
  );
});

// A tap opens the ride (or the inbox) in an open tab of the app when there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/notifications',
    self.location.origin,
  );
  const url =
    wanted.origin === self.location.origin ? wanted.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        await open.navigate(url);
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
