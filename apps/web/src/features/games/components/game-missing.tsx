import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** 'Game Not Found' with 'Back to Games' (product/screens.md#game-history). */
export function GameMissing() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t('games.history.notFound')}
      description={t('games.history.notFoundBody')}
      action={<BackToGames variant="primary" />}
    />
  );
}

export function BackToGames({ variant = 'ghost' }: { variant?: 'ghost' | 'primary' | 'outline' }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.games} className={buttonClasses({ variant, size: 'sm' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('games.history.back')}
    </Link>
  );
}
