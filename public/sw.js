// Hladina's service worker (docs/push.md): shows the notifications the Worker pushes (worker/domain/push/message.ts),
// opens the alarm on a click and acknowledges it from the notification's "Acknowledge" action without opening it.
// Registered by the profile only when the user turns push on; it caches nothing.

/** The action's label in the browser's language (the six of the app); the notification's text comes from the server. */
const acknowledgeLabels = {
  en: 'Acknowledge',
  de: 'Bestätigen',
  it: 'Conferma',
  ru: 'Подтвердить',
  es: 'Confirmar',
  cs: 'Potvrdit',
};
const acknowledgeLabel = () => acknowledgeLabels[(self.navigator.language || 'en').slice(0, 2)] || acknowledgeLabels.en;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : null;
  if (!message) return;
  const acknowledgeUrl = message.acknowledge_url || null;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url, acknowledgeUrl },
      actions: acknowledgeUrl ? [{ action: 'acknowledge', title: acknowledgeLabel() }] : [],
      // An alarm waiting for someone stays on screen until it is dealt with.
      requireInteraction: Boolean(acknowledgeUrl),
    }),
  );
});

/** Focuses a window already showing `path`, or opens one. */
async function openPage(path) {
  const target = new URL(path || '/alarms', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url === target);
  return open ? open.focus() : self.clients.openWindow(target);
}

/** The API's acknowledge call with the session cookie; when it is refused (signed out, changed meanwhile) the alarm opens. */
async function acknowledge(path, url) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  if (!response || !response.ok) await openPage(url);
}

self.addEventListener('notificationclick', (event) => {
  const { url, acknowledgeUrl } = event.notification.data || {};
  event.notification.close();
  event.waitUntil(event.action === 'acknowledge' && acknowledgeUrl ? acknowledge(acknowledgeUrl, url) : openPage(url));
});
