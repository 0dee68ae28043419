import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export function GameHistoryPage() {
  const { t } = useTranslation();
  const { gameId } = useParams();
  return (
    <PlaceholderPage
      icon={History}
      title={t('games.historyTitle')}
      subtitle={gameId}
      description={t('games.historyPlaceholder')}
    />
  );
}
