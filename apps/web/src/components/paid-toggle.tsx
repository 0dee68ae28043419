import { CheckCircle2, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type PaidAction = 'markPaid' | 'markPending';

export interface PaidToggleProps {
  status: string;
  /** The buttons' texts in the screen's words ('Mark Paid', 'Mark Pending'). */
  labels: Record<PaidAction, string>;
  onAction: (action: PaidAction) => void;
}

/**
 * The one change a payment's or an earning's status allows (decision 053): a pending one can be marked paid,
 * any other back to pending. Full width as a phone card's footer.
 */
export function PaidToggle({ status, labels, onAction }: PaidToggleProps) {
  return status === 'pending' ? (
    <Button size="sm" onClick={() => onAction('markPaid')} className="max-md:w-full">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      {labels.markPaid}
    </Button>
  ) : (
    <Button variant="outline" size="sm" onClick={() => onAction('markPending')} className="max-md:w-full">
      <RotateCcw className="size-4" aria-hidden="true" />
      {labels.markPending}
    </Button>
  );
}
