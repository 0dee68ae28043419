import '../i18n';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_ICONS } from '@/components/menu-icons';
import { Card } from '@/components/ui/card';
import { usePageSections } from '@/lib/pages';

/** /settings: a welcome page pointing to the sections. */
export function SettingsIndexPage() {
  const { t } = useTranslation();
  const sections = usePageSections();
  return (
    <section aria-labelledby="settings-welcome">
      <h2 id="settings-welcome" className="text-lg font-semibold text-ink">
        {t('settings.welcomeTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.welcomeBody')}</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {sections.map(({ to, label, description, icon }) => {
          const Icon = MENU_ICONS[icon];
          return (
            <Link key={to} to={to} className="group rounded-xl">
              <Card className="flex h-full items-start gap-4 p-5 transition-shadow group-hover:shadow-raised">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{t(label)}</span>
                  <span className="mt-1 block text-sm text-ink-muted">{t(description)}</span>
                </span>
                <ChevronRight className="mt-1 size-5 text-ink-subtle" aria-hidden="true" />
              </Card>
            </Link>
          );
        })}
      </div>
    </section>
  );
}
