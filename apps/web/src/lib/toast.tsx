import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';
import { errorText } from './errors';

/**
 * How long a toast stays (product/screens.md#toasts): the signed-in screens' success 4 s, errors 5 s (`notify`,
 * the default); sign-in and session toasts success 2 s, errors 4 s (`notify.auth`).
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

/**
 * Where toasts appear: top right, up to 20 at once (product/screens.md#toasts). On a phone (sonner's 600 px) a
 * toast is as wide as the screen and sits at the top too, below the navigation bar: rising from the bottom it
 * covered Start Game in the wizard and Auto Call and Validate in the room for 4-5 s; at the top it covers a title
 * for as long, which nobody has to press (decision 085, replacing 063's bottom). Mounted once by the app.
 */
export function ToasterHost() {
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
      {/* Below the fixed 4rem navigation bar, so a toast never hides Logout, the coins or a phone's Menu. */}
      <Toaster
        position="top-right"
        visibleToasts={20}
        richColors
        closeButton
        offset={{ top: '4.75rem', right: '1rem' }}
        mobileOffset={{ top: '4.75rem' }}
        // Sonner's own green and red text are under 4.5:1 on their pale backgrounds: ours meet WCAG AA.
        style={
          {
            fontFamily: 'inherit',
            '--success-text': 'var(--color-success-700)',
            '--error-text': 'var(--color-danger-700)',
          } as CSSProperties
        }
      />
    </Suspense>
  );
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  wanted = true;
  onWanted?.();
  void import('sonner').then(({ toast }) =>
    toast[kind](message, { duration: TOAST_DURATION.screen[kind], ...options }),
  );
}

/** A sign-in or session toast: `notify`'s own, with their durations (so a test's spy on `notify` sees it). */
const onAuth =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void =>
    notify[kind](message, { duration: TOAST_DURATION.auth[kind], ...options });

/** The one failure toast: what failed, and under it the server's own reason when it gave one. */
function failure(title: string, error: unknown, options?: ExternalToast): void {
  notify.error(title, { description: errorText(error, '') || undefined, ...options });
}

/** Toasts: those of the signed-in screens by default (success 4 s, errors 5 s). */
export const notify = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  /**
   * What failed ('Failed to mark payment as paid'), and under it the server's own reason (a 409's 'Payment is
   * already paid') when it gave one.
   */
  failure,
  /** The sign-in and session toasts ('Login successful!', 'Logged out successfully'): success 2 s, errors 4 s. */
  auth: { success: onAuth('success'), error: onAuth('error') },
  /**
   * The same toasts as `notify`'s own, under their former name: kept while the room's files, which a colleague
   * is restructuring, still call it; new code calls `notify` itself.
   */
  screen: {
    success: (message: string, options?: ExternalToast) => notify.success(message, options),
    error: (message: string, options?: ExternalToast) => notify.error(message, options),
    failure: (title: string, error: unknown, options?: ExternalToast) => failure(title, error, options),
  },
};
