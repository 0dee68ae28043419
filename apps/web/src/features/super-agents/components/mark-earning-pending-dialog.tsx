import type { SuperAgentEarning } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { useMarkEarningPending } from '@/api/super-agent-dashboard';
import { ConfirmDialog } from '@/components/ui/dialog';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

export interface MarkEarningPendingDialogProps {
  superAgentName: string;
  earning: SuperAgentEarning;
  onClose: () => void;
}

/**
 * Mark Pending (decision 053 section 5): paid -> pending, after a confirmation (Cancel, the safe choice, takes
 * the focus, also over the earnings dialog). A 409 (not paid any more) closes it with the server's reason.
 */
export function MarkEarningPendingDialog({
  superAgentName,
  earning,
  onClose,
}: MarkEarningPendingDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const markPending = useMarkEarningPending();

  async function confirm() {
    try {
      await markPending.mutateAsync(earning.id);
      notify.screen.success(t('superAgents.markEarningPending.done'));
      onClose();
    } catch (error) {
      notify.screen.failure(i18n.t('superAgents.markEarningPending.failed'), error);
      // It is not paid any more (the rows are refreshed): asking again would be refused again.
      if (error instanceof ApiError && error.status === 409) onClose();
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !markPending.isPending && onClose()}
      title={t('superAgents.markEarningPending.title')}
      description={t('superAgents.markEarningPending.body', {
        name: superAgentName,
        agent: earning.agentUsername,
        date: format.date(earning.businessDate),
        amount: format.etb(earning.superAgentNetEarnings),
      })}
      confirmLabel={t('superAgents.markEarningPending.confirm')}
      loading={markPending.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
