import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

// As on the super agent's own Earnings tab: paid green, pending amber, anything else (cancelled) red.
const TONES: Record<string, BadgeTone> = { paid: 'success', pending: 'warning' };

export function EarningStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  const key = `superAgents.earnings.statuses.${status}`;
  return (
    <Badge tone={TONES[status] ?? 'danger'} className="whitespace-nowrap">
      {i18n.exists(key) ? t(key as 'superAgents.earnings.statuses.paid') : status}
    </Badge>
  );
}
