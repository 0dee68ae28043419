import type { GameDetail } from '@cartela/contract';
import { NUMBER_MAX } from '@cartela/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/lib/format';
import { usePatternText } from '../utils/display';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-right text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

/**
 * product/screens.md#game-history: game mode, pattern, stake, players as cartelas, numbers called of 75, status,
 * times; and the wizard's settings the game kept (the patterns it offered, a custom money level, the voice speed),
 * and why it was cancelled.
 */
export function GameDetails({ game }: { game: GameDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const pattern = usePatternText();
  const { settings } = game;
  const cancelled = game.status === 'cancelled';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('games.history.details.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-line">
          <Item label={t('games.history.details.mode')}>{t(`games.modes.${game.gameMode}`)}</Item>
          <Item label={t('games.history.details.pattern')}>{pattern.name(game.selectedWinningPattern)}</Item>
          {settings.enabledPatterns && settings.enabledPatterns.length > 0 && (
            <Item label={t('games.history.details.enabledPatterns')}>
              {settings.enabledPatterns.map((id) => pattern.name(id)).join(', ')}
            </Item>
          )}
          <Item label={t('games.history.details.stake')}>{format.etb(game.stake)}</Item>
          {!!settings.customMoneyLevel && settings.customMoneyLevel > 0 && (
            <Item label={t('games.history.details.customMoneyLevel')}>
              {format.etb(settings.customMoneyLevel)}
            </Item>
          )}
          <Item label={t('games.history.details.players')}>
            {t('games.history.details.playersValue', { count: game.numberOfPlayers })}
          </Item>
          <Item label={t('games.history.details.calls')}>
            {t('games.history.details.callsValue', { count: game.totalCalls, total: NUMBER_MAX })}
          </Item>
          {settings.voiceSpeed !== undefined && (
            <Item label={t('games.history.details.voiceSpeed')}>
              {t('games.history.details.voiceSpeedValue', {
                value: format.number(settings.voiceSpeed, Number.isInteger(settings.voiceSpeed) ? 0 : 1),
              })}
            </Item>
          )}
          <Item label={t('games.history.details.status')}>
            <StatusBadge kind="game" texts="games.status" status={game.status} />
          </Item>
          <Item label={t('games.history.details.started')}>{format.dateTime(game.createdAt)}</Item>
          <Item
            label={cancelled ? t('games.history.details.cancelled') : t('games.history.details.finished')}
          >
            {game.finishedAt ? format.dateTime(game.finishedAt) : t('games.history.details.notFinished')}
          </Item>
          {cancelled && game.cancelReason && (
            <Item label={t('games.history.details.cancelReason')}>
              <span className="break-words whitespace-pre-line">{game.cancelReason}</span>
            </Item>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
