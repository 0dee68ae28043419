import type { SessionUser } from '@cartela/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ActiveBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';

function InfoRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-ink-muted sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

/** The account's facts: username, role, status and creation date. */
export function AccountCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.profile.account')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-line">
          <InfoRow label={t('settings.profile.username')}>{user.username}</InfoRow>
          <InfoRow label={t('settings.profile.role')}>
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">{t(`roles.${user.role}`)}</Badge>
              <span className="font-normal text-ink-muted">
                {user.role === 'admin' ? t('settings.profile.roleAdmin') : t('settings.profile.roleAgent')}
              </span>
            </span>
          </InfoRow>
          <InfoRow label={t('settings.profile.status')}>
            <ActiveBadge active={user.isActive} texts="settings.profile" />
          </InfoRow>
          <InfoRow label={t('settings.profile.created')}>{format.date(user.createdAt)}</InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}
