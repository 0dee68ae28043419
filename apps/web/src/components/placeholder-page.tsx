import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from './ui/badge';
import { EmptyState } from './ui/empty-state';
import { PageHeader } from './ui/page-header';

export interface PlaceholderPageProps {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
  /** One line: what the page will do. */
  description: string;
  children?: ReactNode;
}

/** A page that a later release fills in: its title, what it will do, and that it is coming. */
export function PlaceholderPage({ icon, title, subtitle, description, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} description={subtitle} />
      {children}
      <EmptyState
        icon={icon}
        title={<Badge tone="brand">{t('common.comingSoon')}</Badge>}
        description={`${description} ${t('common.comingSoonLine')}`}
      />
    </>
  );
}
