import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export function GameRoomPage() {
  const { t } = useTranslation();
  const { gameId } = useParams();
  return (
    <PlaceholderPage
      icon={Dices}
      title={t('games.roomTitle')}
      subtitle={gameId}
      description={t('games.roomPlaceholder')}
    />
  );
}
