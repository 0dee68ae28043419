import type { CommissionSetting } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil, Percent } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { rateText } from '../utils/display';
import { EditRateDialog } from './edit-rate-dialog';

/** The per-agent rate settings (spec 02 section 2): each commission-share agent, its rate, notes, status, Edit. */
export function SettingsPanel({ settings }: { settings: UseQueryResult<CommissionSetting[]> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<CommissionSetting | null>(null);
  const col = (key: 'agent' | 'rate' | 'notes' | 'status' | 'actions') => t(`commission.settings.${key}`);

  let body: ReactNode;
  if (settings.isPending) body = <Loading label={t('commission.settings.loading')} />;
  else if (settings.isError) {
    body = (
      <LoadError
        title={t('commission.loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else if (settings.data.length === 0) {
    body = (
      <EmptyState
        icon={Percent}
        title={t('commission.settings.empty')}
        description={t('commission.settings.emptyBody')}
        className="py-8 sm:py-10"
      />
    );
  } else {
    body = (
      <Table caption={t('commission.settings.caption')}>
        <TableHead>
          <tr>
            <TableHeaderCell>{col('agent')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{col('rate')}</TableHeaderCell>
            <TableHeaderCell>{col('notes')}</TableHeaderCell>
            <TableHeaderCell>{col('status')}</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">{col('actions')}</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {settings.data.map((setting) => (
            <TableRow key={setting.agentId} aria-label={setting.agentUsername}>
              <TableCell className="font-semibold whitespace-nowrap text-ink max-md:mb-1 max-md:border-b max-md:border-line max-md:pb-2">
                {setting.agentUsername}
              </TableCell>
              <TableCell label={col('rate')} className="font-semibold tabular-nums md:text-right">
                {rateText(setting.adminCommissionRate, format.number)}
              </TableCell>
              <TableCell label={col('notes')} className="md:max-w-56">
                {setting.notes ? (
                  <span className="break-words">{setting.notes}</span>
                ) : (
                  <span className="text-ink-subtle">{t('commission.settings.noNotes')}</span>
                )}
              </TableCell>
              <TableCell label={col('status')}>
                <Badge tone={setting.isActive ? 'success' : 'neutral'} className="whitespace-nowrap">
                  {setting.isActive ? t('commission.settings.active') : t('commission.settings.inactive')}
                </Badge>
              </TableCell>
              <TableCell className="max-md:mt-2 max-md:border-t max-md:border-line max-md:pt-3 md:text-right">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(setting)}
                  aria-label={t('commission.settings.editLabel', { name: setting.agentUsername })}
                  className="max-md:w-full"
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('commission.settings.edit')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('commission.settings.title')}</CardTitle>
        <CardDescription>{t('commission.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {editing && <EditRateDialog setting={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
