import { useTranslation } from 'react-i18next';
import { useFailureToast } from '@/components/load-state';

/**
 * The spec's 'Failed to load commission data' (product/screens.md#toasts), once per failed load. The page's three
 * lists share one toast (its id): a server that is down says so once, not three times.
 */
export function useLoadFailureToast(error: unknown, failedAt: number): void {
  const { t } = useTranslation();
  useFailureToast(error, failedAt, t('commission.loadFailed'), 'commission-load-failed');
}
