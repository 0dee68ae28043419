import type { CoinStatementRow } from '@cartela/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { amountColumn, type DataColumn, DataTable, oneLineColumn } from '@/components/ui/data-table';
import { shortGameId, useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';

/** What a row belongs to, under its reason: the game (a link to its history), the top-up's ETB and maker. */
function Detail({ row }: { row: CoinStatementRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (row.game) {
    const id = `#${shortGameId(row.game.gameId)}`;
    return (
      <Link
        to={paths.gameHistory(row.game.gameId)}
        title={row.game.gameId}
        className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {row.reason === 'refund' ? t('coins.details.refund', { id }) : t('coins.details.game', { id })}
      </Link>
    );
  }
  const parts = [
    row.etbAmount !== null ? t('coins.details.paid', { amount: format.etb(row.etbAmount) }) : null,
    row.reason === 'adjustment' ? t('coins.details.adjustment') : null,
    row.reason === 'demo' ? t('coins.details.demo') : null,
    row.by ? t('coins.details.by', { name: row.by.username }) : null,
  ].filter((part) => part !== null);
  return (
    <>
      {parts.length > 0 && <span className="block text-sm text-ink-muted">{parts.join(' · ')}</span>}
      {row.notes && <span className="block text-xs text-ink-subtle">{row.notes}</span>}
    </>
  );
}

/**
 * The statement's rows, newest first (decision 075): date, what (the reason in words and what it belongs to),
 * coins in, coins out and the balance after. A phone shows one card per row, its reason as the card's title.
 */
export function StatementTable({ rows }: { rows: readonly CoinStatementRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reason = (row: CoinStatementRow) => t(`coins.reasons.${row.reason}`);
  const columns: DataColumn<CoinStatementRow>[] = [
    {
      name: t('coins.columns.what'),
      part: 'title',
      cell: (row) => (
        <div className="min-w-0">
          <p className="font-semibold text-ink">{reason(row)}</p>
          <Detail row={row} />
        </div>
      ),
    },
    oneLineColumn(t('coins.columns.date'), (row) => format.dateTime(row.createdAt)),
    {
      ...amountColumn(t('coins.columns.in'), (row) => (row.delta > 0 ? `+${format.number(row.delta)}` : '')),
      className: (row) => clsx('whitespace-nowrap', row.delta > 0 ? 'text-success-700' : 'max-md:hidden'),
    },
    {
      ...amountColumn(t('coins.columns.out'), (row) =>
        row.delta < 0 ? `−${format.number(-row.delta)}` : '',
      ),
      className: (row) => clsx('whitespace-nowrap', row.delta < 0 ? 'text-danger-700' : 'max-md:hidden'),
    },
    amountColumn(t('coins.columns.balance'), (row) => format.number(row.balanceAfter), true),
  ];
  return (
    <DataTable
      caption={t('coins.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => t('coins.rowLabel', { what: reason(row), date: format.dateTime(row.createdAt) })}
    />
  );
}
