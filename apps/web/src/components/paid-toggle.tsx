import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export type PaidAction = 'markPaid' | 'markPending';

export interface PaidToggleProps {
  status: string;
  /** Where the feature keeps the buttons' texts, 'markPaid' and 'markPending' ('commission.payments'). */
  texts: string;
  onAction: (action: PaidAction) => void;
}

/**
 * The one change a payment's or an earning's status allows (decision 053): a pending one can be marked paid,
 * any other back to pending. Full width as a phone card's footer.
 */
export function PaidToggle({ status, texts, onAction }: PaidToggleProps) {
  const { t } = useTranslation();
  const label = (action: PaidAction) => t(`${texts}.${action}` as 'common.retry');
  return status === 'pending' ? (
    <Button size="sm" onClick={() => onAction('markPaid')} className="max-md:w-full" icon={CheckCircle2}>
      {label('markPaid')}
    </Button>
  ) : (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onAction('markPending')}
      className="max-md:w-full"
      icon={RotateCcw}
    >
      {label('markPending')}
    </Button>
  );
}
