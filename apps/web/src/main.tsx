/// <reference types="vite-plugin-pwa/client" />
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreLanguage } from './i18n';
import { loadContract } from './lib/contract';

// An Amharic device waits for its strings (one small chunk) rather than flash English first.
void restoreLanguage().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The contract's schemas are not needed to show the sign-in screen, but by its first call (decision 071).
  void loadContract();
});

// The service worker (decision 052), in production builds only, registered after load from a lazy chunk. A new
// version waits; once installed, it is asked to take over, which it does only when no game room or hall
// display is open; pages it then takes over reload on the new version (vite-plugin-pwa's prompt mode).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onNeedRefresh: () =>
          void navigator.serviceWorker
            .getRegistration()
            .then((registration) => registration?.waiting?.postMessage({ type: 'ACTIVATE_IF_IDLE' })),
      }),
    );
  });
}
