import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

// Spec 02 section 4: cancelled is shown in red; paid green and pending amber, as on the super agent's screen.
const TONES: Record<string, BadgeTone> = { paid: 'success', pending: 'warning' };

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  const key = `commission.status.${status}`;
  return (
    <Badge tone={TONES[status] ?? 'danger'} className="whitespace-nowrap">
      {i18n.exists(key) ? t(key as 'commission.status.paid') : status}
    </Badge>
  );
}
