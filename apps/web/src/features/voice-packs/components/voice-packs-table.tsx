import type { VoicePack } from '@cartela/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { languageName, sizeText } from './labels';

export interface VoicePacksTableProps {
  packs: readonly VoicePack[];
  onEdit: (pack: VoicePack) => void;
  onDelete: (pack: VoicePack) => void;
}

/** The custom voice packs, a card each on a phone. */
export function VoicePacksTable({ packs, onEdit, onDelete }: VoicePacksTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const col = {
    name: t('voicePacks.list.name'),
    language: t('voicePacks.list.language'),
    files: t('voicePacks.list.files'),
    size: t('voicePacks.list.size'),
    offeredTo: t('voicePacks.list.offeredTo'),
    status: t('voicePacks.list.status'),
    created: t('voicePacks.list.created'),
    actions: t('voicePacks.list.actions'),
  };
  return (
    <Table caption={t('voicePacks.list.caption')}>
      <TableHead>
        <tr>
          <TableHeaderCell>{col.name}</TableHeaderCell>
          <TableHeaderCell>{col.language}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.files}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.size}</TableHeaderCell>
          <TableHeaderCell>{col.offeredTo}</TableHeaderCell>
          <TableHeaderCell>{col.status}</TableHeaderCell>
          <TableHeaderCell>{col.created}</TableHeaderCell>
          <TableHeaderCell className="text-right">{col.actions}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {packs.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
              <span className="block font-semibold text-ink max-md:text-base">{p.name}</span>
              {p.missing.length > 0 && (
                <span className="block text-xs text-warning-800">
                  {t('voicePacks.list.missing', { count: p.missing.length })}
                </span>
              )}
            </TableCell>
            <TableCell label={col.language}>{languageName(t, p.language)}</TableCell>
            <TableCell label={col.files} className="tabular-nums md:text-right">
              {format.number(p.fileCount)}
            </TableCell>
            <TableCell label={col.size} className="tabular-nums whitespace-nowrap md:text-right">
              {sizeText(t, p.totalBytes, format.number)}
            </TableCell>
            <TableCell label={col.offeredTo}>
              {p.offeredTo === 'all'
                ? t('voicePacks.allAgents')
                : t('voicePacks.agents', { count: p.offeredTo.agentIds.length })}
            </TableCell>
            <TableCell label={col.status}>
              <Badge tone={p.isActive ? 'success' : 'neutral'}>
                {p.isActive ? t('voicePacks.active') : t('voicePacks.inactive')}
              </Badge>
            </TableCell>
            <TableCell label={col.created} className="whitespace-nowrap">
              {format.date(p.createdAt)}
            </TableCell>
            <TableCell className="max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3">
              <div className="flex w-full flex-wrap justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEdit(p)}
                  aria-label={t('voicePacks.list.editLabel', { name: p.name })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('voicePacks.list.edit')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onDelete(p)}
                  aria-label={t('voicePacks.list.deleteLabel', { name: p.name })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('voicePacks.list.delete')}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
