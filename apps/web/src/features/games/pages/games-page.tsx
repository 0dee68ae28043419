import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function GamesPage() {
  const { t } = useTranslation();
  return <PlaceholderPage icon={Gamepad2} title={t('games.title')} description={t('games.placeholder')} />;
}
