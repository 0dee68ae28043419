import './i18n';
import type { VoicePack } from '@cartela/contract';
import { AudioLines, RotateCw, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteVoicePack, useVoicePacks } from '@/api/voice-packs';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { EditDialog } from './edit-dialog';
import { UploadDialog } from './upload-dialog';
import { VoicePacksTable } from './voice-packs-table';

type Open =
  | { kind: 'upload' }
  | { kind: 'edit'; pack: VoicePack }
  | { kind: 'delete'; pack: VoicePack }
  | null;

/** /voice-packs (admin): a hall's own callers, uploaded as zips and offered to agents (issue 9, decision 049). */
export function VoicePacksPage() {
  const { t } = useTranslation();
  const packs = useVoicePacks();
  const remove = useDeleteVoicePack();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const deletePack = async (pack: VoicePack) => {
    try {
      await remove.mutateAsync(pack.id);
      notify.success(t('voicePacks.deleteDialog.deleted', { name: pack.name }));
      close();
    } catch (error) {
      notify.error(errorText(error, t('voicePacks.deleteDialog.failed')));
    }
  };

  const uploadButton = (
    <Button onClick={() => setOpen({ kind: 'upload' })}>
      <Upload className="size-4" aria-hidden="true" />
      {t('voicePacks.upload')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('voicePacks.title')}
        description={t('voicePacks.subtitle')}
        actions={uploadButton}
      />
      {packs.isPending ? (
        <div className="flex justify-center py-16 text-ink-muted">
          <Spinner size="md" label={t('voicePacks.list.loading')} className="text-brand-600" />
        </div>
      ) : packs.isError ? (
        <Alert role="alert" title={t('voicePacks.list.loadFailed')}>
          <p>{errorText(packs.error, '')}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void packs.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('voicePacks.retry')}
          </Button>
        </Alert>
      ) : packs.data.length === 0 ? (
        <EmptyState
          icon={AudioLines}
          title={t('voicePacks.list.emptyTitle')}
          description={t('voicePacks.list.emptyBody')}
          action={uploadButton}
        />
      ) : (
        <VoicePacksTable
          packs={packs.data}
          onEdit={(pack) => setOpen({ kind: 'edit', pack })}
          onDelete={(pack) => setOpen({ kind: 'delete', pack })}
        />
      )}

      {open?.kind === 'upload' && <UploadDialog onClose={close} />}
      {open?.kind === 'edit' && <EditDialog pack={open.pack} onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !remove.isPending && close()}
          title={t('voicePacks.deleteDialog.title', { name: open.pack.name })}
          description={t('voicePacks.deleteDialog.body')}
          confirmLabel={t('voicePacks.deleteDialog.confirm')}
          tone="danger"
          loading={remove.isPending}
          onConfirm={() => void deletePack(open.pack)}
        />
      )}
    </>
  );
}
