import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/** 'Loading...' in the middle of the screen: the session or a page chunk is on its way. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center text-ink-muted">
      <Spinner size="lg" label={t('common.loading')} className="text-brand-600" />
    </div>
  );
}
