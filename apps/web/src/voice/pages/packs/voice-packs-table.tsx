import type { VoicePack } from '@cartela/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { languageName, sizeText } from './labels';

interface VoicePacksTableProps {
  packs: readonly VoicePack[];
  onEdit: (pack: VoicePack) => void;
  onDelete: (pack: VoicePack) => void;
}

/** A row's buttons, each named with the pack it acts on. */
const ACTIONS = [
  { action: 'edit', Icon: Pencil },
  { action: 'delete', Icon: Trash2 },
] as const;

/** The custom voice packs, a card each on a phone. */
export function VoicePacksTable({ packs, onEdit, onDelete }: VoicePacksTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns: DataColumn<VoicePack>[] = [
    {
      name: t('voicePacks.list.name'),
      part: 'title',
      cell: (p) => (
        <>
          <span className="block font-semibold text-ink max-md:text-base">{p.name}</span>
          {p.missing.length > 0 && (
            <span className="block text-xs text-warning-800">
              {t('voicePacks.list.missing', { count: p.missing.length })}
            </span>
          )}
        </>
      ),
    },
    { name: t('voicePacks.list.language'), cell: (p) => languageName(t, p.language) },
    { name: t('voicePacks.list.files'), numeric: true, cell: (p) => format.number(p.fileCount) },
    {
      name: t('voicePacks.list.size'),
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (p) => sizeText(t, p.totalBytes, format.number),
    },
    {
      name: t('voicePacks.list.offeredTo'),
      cell: (p) =>
        p.offeredTo === 'all'
          ? t('voicePacks.allAgents')
          : t('voicePacks.agents', { count: p.offeredTo.agentIds.length }),
    },
    {
      name: t('voicePacks.list.status'),
      cell: (p) => (
        <StatusBadge kind="active" texts="voicePacks" status={p.isActive ? 'active' : 'inactive'} />
      ),
    },
    {
      name: t('voicePacks.list.created'),
      className: 'whitespace-nowrap',
      cell: (p) => format.date(p.createdAt),
    },
    {
      name: t('voicePacks.list.actions'),
      part: 'actions',
      cell: (p) => (
        <div className="flex w-full flex-wrap justify-end gap-2">
          {ACTIONS.map(({ action, Icon }) => (
            <Button
              key={action}
              variant="outline"
              size="sm"
              onClick={() => (action === 'edit' ? onEdit : onDelete)(p)}
              aria-label={t(`voicePacks.list.${action}Label`, { name: p.name })}
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(`voicePacks.list.${action}`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];
  return (
    <DataTable caption={t('voicePacks.list.caption')} columns={columns} rows={packs} rowKey={(p) => p.id} />
  );
}
