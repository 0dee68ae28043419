import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRegenerate } from '@/api/cartelas';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';

export interface RegenerateCardProps {
  /** The confirmation is open (a recommendation's "Regenerate" opens it too). */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  /** Another balance action is running: wait for it. */
  disabled: boolean;
}

/** Replace the whole system set, after a confirmation that says what is replaced and what is not. */
export function RegenerateCard({ confirming, onConfirmingChange, disabled }: RegenerateCardProps) {
  const { t } = useTranslation();
  const regenerate = useRegenerate();

  async function confirm() {
    try {
      const result = await regenerate.mutateAsync();
      notify.success(t('balance.regenerate.done', { count: result.regenerated }));
      onConfirmingChange(false);
    } catch (error) {
      notify.failure(t('balance.regenerate.failed'), error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('balance.regenerate.title')}</CardTitle>
        <CardDescription>{t('balance.regenerate.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-0">
        <p className="flex items-start gap-2 text-sm text-warning-800">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('balance.regenerate.keeps')}
        </p>
      </CardContent>
      <CardFooter>
        <Button
          variant="danger"
          fullWidth
          className="sm:w-auto"
          loading={regenerate.isPending}
          disabled={disabled}
          onClick={() => onConfirmingChange(true)}
          icon={RefreshCw}
        >
          {regenerate.isPending ? t('balance.regenerate.submitting') : t('balance.regenerate.button')}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        // Closing while the set is being replaced would hide its progress: wait for the answer.
        onOpenChange={(open) => !regenerate.isPending && onConfirmingChange(open)}
        title={t('balance.regenerate.confirmTitle')}
        description={t('balance.regenerate.confirmBody')}
        tone="danger"
        loading={regenerate.isPending}
        confirmLabel={
          regenerate.isPending ? t('balance.regenerate.submitting') : t('balance.regenerate.confirm')
        }
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
