import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLoopback, usePublicUrl, verifyAddress } from '@/api/public-address';

/**
 * The TV's QR code points at `<PUBLIC_URL>/verify/<gameId>`, this page's own origin when PUBLIC_URL is not set
 * (decision 074). Opened on the server's own machine that origin is a loopback address no player's phone can
 * open: the room tells the agent, in one line under the controls (the TV is the hall's, decision 085).
 */
export function PublicUrlHint() {
  const { t } = useTranslation();
  const base = usePublicUrl();
  if (!isLoopback(base)) return null;
  return (
    <p data-testid="public-url-hint" className="flex items-start gap-2 text-sm text-warning-800 lg:pr-20">
      <QrCode className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{t('room.publicUrl', { address: verifyAddress(base) })}</span>
    </p>
  );
}
