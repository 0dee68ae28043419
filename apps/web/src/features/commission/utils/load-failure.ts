import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { TOAST_MS } from './failure';

/**
 * The spec's 'Failed to load commission data' (spec 02 section 8), once per failed load. The page's three
 * lists share one toast (its id): a server that is down says so once, not three times.
 */
export function useLoadFailureToast(error: unknown, failedAt: number): void {
  const { t } = useTranslation();
  const shown = useRef(0);
  useEffect(() => {
    if (!error || failedAt === shown.current) return;
    shown.current = failedAt;
    notify.error(t('commission.loadFailed'), { id: 'commission-load-failed', duration: TOAST_MS.error });
  }, [error, failedAt, t]);
}
