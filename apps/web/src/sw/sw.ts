/// <reference lib="webworker" />
/**
 * The service worker (docs/product.md#phone-notifications): keeps the app's shell (precached by
 * vite-plugin-pwa), keeps the ride pages' reads for offline reading, network first
 * (docs/product.md#offline-rides), and shows pushed notifications.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { isKeptRead, readIsAboutRide, RETIRED_KEPT_READS_CACHES, type WorkerMessage } from './kept-reads';
import { forgetKept, keepAnswer, keptAnswer, keptCacheNow, switchMember } from './kept-store';

declare let self: ServiceWorkerGlobalScope;

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// An older build kept every member's reads in one cache: nobody's copy is trusted.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED_KEPT_READS_CACHES.map((name) => caches.delete(name))));
});

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

// The ride pages' reads: the network first, storing each good answer in the signed-in member's
// cache; offline, that member's stored copy, and the page is told when it was fetched (its Date
// header) for the "last updated" line. A 401 means the session ended: every kept read is dropped.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isKeptRead(url, request.method),
  async ({ request, event }) => {
    const cacheName = await keptCacheNow(caches);
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      const kept = cacheName ? await keptAnswer(caches, cacheName, request) : undefined;
      if (!kept) throw error;
      const client = await self.clients.get((event as FetchEvent).clientId);
      const message: WorkerMessage = { type: 'served-from-cache', fetchedAt: kept.headers.get('date') };
      client?.postMessage(message);
      return kept;
    }
    if (response.status === 401) await switchMember(caches, null);
    else if (response.ok && cacheName) await keepAnswer(caches, cacheName, request, response.clone());
    return response;
  },
);

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'forget-reads') event.waitUntil(switchMember(caches, null));
  if (message?.type === 'signed-in') event.waitUntil(switchMember(caches, message.userId));
  if (message?.type === 'forget-ride') {
    const { rideId } = message;
    event.waitUntil(forgetKept(caches, (request) => readIsAboutRide(new URL(request.url), rideId)));
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
