import type { CommissionSetting } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil, Percent } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ActiveBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';
import { EditRateDialog } from './edit-rate-dialog';

/**
 * The per-agent rate settings (product/screens.md#commission-management): each commission-share agent, its rate,
 * notes, status, Edit.
 */
export function SettingsPanel({ settings }: { settings: UseQueryResult<CommissionSetting[]> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<CommissionSetting | null>(null);
  const col = (key: 'agent' | 'rate' | 'notes' | 'status' | 'actions') => t(`commission.settings.${key}`);

  let body: ReactNode;
  if (settings.isPending) body = <Loading label={t('commission.settings.loading')} />;
  else if (settings.isError) {
    body = <QueryError title={t('commission.loadFailed')} query={settings} />;
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
      <DataTable
        caption={t('commission.settings.caption')}
        rows={settings.data}
        rowKey={(setting) => setting.agentId}
        rowLabel={(setting) => setting.agentUsername}
        columns={[
          {
            name: col('agent'),
            part: 'title',
            className: 'font-semibold whitespace-nowrap text-ink',
            cell: (setting) => setting.agentUsername,
          },
          {
            name: col('rate'),
            numeric: true,
            className: 'font-semibold',
            cell: (setting) => percentText(setting.adminCommissionRate, format.number),
          },
          {
            name: col('notes'),
            className: 'md:max-w-56',
            cell: (setting) =>
              setting.notes ? (
                <span className="break-words">{setting.notes}</span>
              ) : (
                <span className="text-ink-subtle">{t('commission.settings.noNotes')}</span>
              ),
          },
          {
            name: col('status'),
            cell: (setting) => (
              <ActiveBadge
                active={setting.isActive}
                texts="commission.settings"
                className="whitespace-nowrap"
              />
            ),
          },
          {
            name: col('actions'),
            part: 'actions',
            hideName: true,
            className: 'md:text-right',
            cell: (setting) => (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(setting)}
                aria-label={t('commission.settings.editLabel', { name: setting.agentUsername })}
                className="max-md:w-full"
                icon={Pencil}
              >
                {t('commission.settings.edit')}
              </Button>
            ),
          },
        ]}
      />
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
