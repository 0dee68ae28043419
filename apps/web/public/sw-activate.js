// Imported by the generated service worker (vite.config.ts, workbox `importScripts`; decision 052).
// A new version of the app installs beside the running one and WAITS: it never takes over a game in progress.
// The app asks it to take over ({ type: 'ACTIVATE_IF_IDLE' }) after each page load; it does so only when no
// window of the app shows a game room or its hall display (/game/{id}, /game/{id}/display). Otherwise it
// activates by itself once every window of the app is closed (the next full start).
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'ACTIVATE_IF_IDLE') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const inGame = windows.some((w) => /^\/game\/[^/]+/.test(new URL(w.url).pathname));
      if (!inGame) return self.skipWaiting();
    }),
  );
});
