import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

// Spec 01 section 2: 'paid', 'pending', or anything else, shown in an error style.
const TONES: Record<string, BadgeTone> = { paid: 'success', pending: 'warning' };

/** An earning's status: paid green, pending amber, anything else (cancelled) red. */
export function EarningStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  const key = `superAgentDashboard.status.${status}`;
  return (
    <Badge tone={TONES[status] ?? 'danger'} className="whitespace-nowrap">
      {i18n.exists(key) ? t(key as 'superAgentDashboard.status.paid') : status}
    </Badge>
  );
}
