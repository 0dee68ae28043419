import '../i18n';
import { ChevronRight, Percent, UserRound, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/** /settings: a welcome page pointing to the sections. */
export function SettingsIndexPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const sections = [
    {
      to: paths.settingsProfile,
      title: t('settings.profileNav'),
      body: t('settings.profileCard'),
      icon: UserRound,
    },
    {
      to: paths.settingsCommission,
      title: t('settings.commissionNav'),
      body: t('settings.commissionCard'),
      icon: Percent,
    },
    ...(user?.role === 'agent'
      ? [
          {
            to: paths.settingsVoice,
            title: t('settings.voiceNav'),
            body: t('settings.voiceCard'),
            icon: Volume2,
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="settings-welcome">
      <h2 id="settings-welcome" className="text-lg font-semibold text-ink">
        {t('settings.welcomeTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.welcomeBody')}</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {sections.map(({ to, title, body, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-xl">
            <Card className="flex h-full items-start gap-4 p-5 transition-shadow group-hover:shadow-raised">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink">{title}</span>
                <span className="mt-1 block text-sm text-ink-muted">{body}</span>
              </span>
              <ChevronRight className="mt-1 size-5 text-ink-subtle" aria-hidden="true" />
            </Card>
          </Link>
        ))}
      </div>
    </section>
  );
}
