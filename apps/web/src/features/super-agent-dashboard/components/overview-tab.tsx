import type { SessionUser, SuperAgentOverviewResponse } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '@/components/load-state';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';
import { FigureCards } from './figure-cards';

/**
 * What the tab shows: the overview, or (product/screens.md#super-agent-dashboard) the profile's figures when the
 * overview failed.
 */
interface OverviewFigures {
  totalEarnings: number;
  pendingEarnings: number | null;
  paidEarnings: number | null;
  activeAgentsCount: number | null;
  totalPlatformShare: number | null;
  platformCommissionRate: number | null;
  username: string;
  contact: string | null;
  createdAt: string;
  lastPaymentDate: string | null;
}

/**
 * product/screens.md#super-agent-dashboard: when the overview fails, the profile's totalEarnings and
 * platformCommissionRate stand in (the session holds the super agent's profile), and the active agents are the
 * length of the agents list. The platform share has no stand-in.
 */
function fromProfile(user: SessionUser, agentsCount: number | undefined): OverviewFigures {
  return {
    totalEarnings: user.totalEarnings,
    pendingEarnings: null,
    paidEarnings: null,
    activeAgentsCount: agentsCount ?? null,
    totalPlatformShare: null,
    platformCommissionRate: user.platformCommissionRate,
    username: user.username,
    contact: user.contact,
    createdAt: user.createdAt,
    lastPaymentDate: user.lastPaymentDate,
  };
}

export interface OverviewTabProps {
  overview: UseQueryResult<SuperAgentOverviewResponse>;
  user: SessionUser;
  /** The agents list's length, the active agents' stand-in. */
  agentsCount: number | undefined;
}

/**
 * The spec's Total Earnings (the super agent's net, all time), Active Agents and Platform Share, and the Account
 * Information block (product/screens.md#overview-tab). The figures carry the Earnings tab's names (decision 066).
 */
export function OverviewTab({ overview, user, agentsCount }: OverviewTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (overview.isPending) return <Loading label={t('superAgentDashboard.overview.loading')} />;

  const data = overview.data ?? fromProfile(user, agentsCount);
  const unavailable = (
    <span className="text-ink-subtle">{t('superAgentDashboard.overview.unavailable')}</span>
  );
  const figures = [
    {
      // totalEarnings is the super agent's net (what it keeps), named as the Earnings tab names it.
      label: t('superAgentDashboard.figures.net'),
      value: format.etb(data.totalEarnings),
      hint:
        data.pendingEarnings !== null && data.paidEarnings !== null
          ? t('superAgentDashboard.overview.netHint', {
              pending: format.etb(data.pendingEarnings),
              paid: format.etb(data.paidEarnings),
            })
          : undefined,
    },
    {
      label: t('superAgentDashboard.overview.activeAgents'),
      value: data.activeAgentsCount === null ? unavailable : format.number(data.activeAgentsCount),
      hint: t('superAgentDashboard.overview.activeAgentsHint'),
    },
    {
      label: t('superAgentDashboard.figures.platformShare'),
      value: data.totalPlatformShare === null ? unavailable : format.etb(data.totalPlatformShare),
      hint:
        data.platformCommissionRate === null
          ? undefined
          : t('superAgentDashboard.overview.platformShareHint', {
              rate: percentText(data.platformCommissionRate, format.number),
            }),
    },
  ];

  const account: Array<{ label: string; value: ReactNode }> = [
    { label: t('superAgentDashboard.overview.username'), value: data.username },
    {
      label: t('superAgentDashboard.overview.contact'),
      value: data.contact ?? (
        <span className="text-ink-subtle">{t('superAgentDashboard.overview.notProvided')}</span>
      ),
    },
    { label: t('superAgentDashboard.overview.createdAt'), value: format.date(data.createdAt) },
    {
      label: t('superAgentDashboard.overview.lastPayment'),
      value: data.lastPaymentDate ? (
        format.dateTime(data.lastPaymentDate)
      ) : (
        <span className="text-ink-subtle">{t('superAgentDashboard.overview.noPayments')}</span>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      {overview.isError && (
        <div className="space-y-3">
          <QueryError title={t('superAgentDashboard.overview.loadFailed')} query={overview} />
          <Alert tone="info" role="status">
            {t('superAgentDashboard.overview.fallback')}
          </Alert>
        </div>
      )}
      <FigureCards title={t('superAgentDashboard.overview.figures')} figures={figures} />
      <Card>
        <CardHeader>
          <CardTitle>{t('superAgentDashboard.overview.account')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl
            aria-label={t('superAgentDashboard.overview.account')}
            className="grid gap-x-6 gap-y-4 sm:grid-cols-2"
          >
            {account.map(({ label, value }) => (
              <div key={label} className="min-w-0">
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="mt-0.5 font-medium break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
