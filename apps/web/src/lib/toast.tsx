import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { errorText } from './errors';

/**
 * How long a toast stays (product/screens.md#toasts): sign-in and session toasts success 2 s, errors 4 s
 * (`notify`); the other screens success 4 s, errors 5 s (`notify.screen`).
 */
export const TOAST_DURATION = {
  auth: { success: 2000, error: 4000 },
  screen: { success: 4000, error: 5000 },
} as const;

type Kind = 'success' | 'error';

// sonner (~10 KB gzipped) is fetched with the first toast, not with the sign-in screen; it delivers
// toasts created before its Toaster subscribed, so nothing is lost while it loads.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

let wanted = false;
let onWanted: (() => void) | null = null;

/** A phone's width (sonner's own full-width breakpoint). */
const PHONE = '(max-width: 600px)';
const subscribePhone = (listener: () => void) => {
  const query = typeof matchMedia === 'function' ? matchMedia(PHONE) : null;
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const isPhone = () => typeof matchMedia === 'function' && matchMedia(PHONE).matches;

/**
 * Where toasts appear: top right, up to 20 at once (product/screens.md#toasts). On a phone a toast is as wide as
 * the screen: at the top it covered a dialog's title and the wizard's steps, so there it rises from the bottom
 * (issue 19). Mounted once by the app.
 */
export function ToasterHost() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    onWanted = () => setMounted(true);
    if (wanted) setMounted(true);
    return () => {
      onWanted = null;
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the fixed 4rem navigation bar, so a toast never hides Logout or the coins. */}
      <Toaster
        position={phone ? 'bottom-center' : 'top-right'}
        visibleToasts={20}
        richColors
        closeButton
        offset={{ top: '4.75rem', right: '1rem' }}
        mobileOffset={{ bottom: '1rem' }}
        style={{ fontFamily: 'inherit' }}
      />
    </Suspense>
  );
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  wanted = true;
  onWanted?.();
  void import('sonner').then(({ toast }) =>
    toast[kind](message, { duration: TOAST_DURATION.auth[kind], ...options }),
  );
}

/** A toast of the other screens: `notify`'s own, with their durations (so a test's spy on `notify` sees it). */
const onScreen =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void =>
    notify[kind](message, { duration: TOAST_DURATION.screen[kind], ...options });

export const notify = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  /** The other screens' toasts: success 4 s, errors 5 s. */
  screen: {
    success: onScreen('success'),
    error: onScreen('error'),
    /**
     * The one failure toast: what failed ('Failed to mark payment as paid'), and under it the server's own
     * reason (a 409's 'Payment is already paid') when it gave one.
     */
    failure(title: string, error: unknown, options?: ExternalToast): void {
      onScreen('error')(title, { description: errorText(error, '') || undefined, ...options });
    },
  },
};
