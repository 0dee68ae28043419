import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Field, fieldDescriptionId } from '@/components/ui/label';

/** The contract's CancelGameRequest: a reason of at most 200 characters. */
export const CANCEL_REASON_MAX = 200;

export interface CancelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coins the game cost (0 for a commission-share agent; undefined when the room does not know). */
  coinCost: number | undefined;
  online: boolean;
  busy: boolean;
  /** What went wrong the last time (shown in the dialog: a toast under a dialog is not read out). */
  failure: string | null;
  onConfirm: (reason: string) => void;
}

/**
 * 'Cancel game?' (issue 18): what it means for the money in plain words, an optional reason kept in the game's
 * history, and a refusal while offline (the server cancels and refunds). The safe choice keeps the game. It is
 * offered only before the first ball (product/draw.md#cancelling), so the coins always come back.
 */
export function CancelDialog({
  open,
  onOpenChange,
  coinCost,
  online,
  busy,
  failure,
  onConfirm,
}: CancelDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const consequence =
    coinCost === undefined || coinCost === 0
      ? t('room.cancelDialog.notCounted')
      : t('room.cancelDialog.refund', { count: coinCost });
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) setReason('');
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('room.cancelDialog.title')}
      description={consequence}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            {t('room.cancelDialog.keep')}
          </Button>
          <Button variant="danger" onClick={() => onConfirm(reason.trim())} loading={busy} disabled={!online}>
            {t('room.cancelDialog.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field
          id={id}
          label={t('room.cancelDialog.reason')}
          hint={t('room.cancelDialog.reasonHint', { count: CANCEL_REASON_MAX - reason.length })}
        >
          <textarea
            id={id}
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={fieldDescriptionId(id)}
            className={clsx(inputClasses, 'min-h-16 resize-y py-2')}
          />
        </Field>
        {!online && <Alert tone="warning" role="status" title={t('room.cancelDialog.offline')} />}
        {failure && (
          <Alert role="alert" title={t('room.errors.cancel')}>
            {failure}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
