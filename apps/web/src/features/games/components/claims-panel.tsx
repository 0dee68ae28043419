import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { claimStory } from '@/lib/claim-story';
import { useFormat } from '@/lib/format';

type Validation = GameDetail['validations'][number];

/** How a claim ended, in three words the hall uses: good, late (blocked for a late call), blocked. */
export function claimKind(validation: Pick<Validation, 'decision' | 'reason'>): 'good' | 'late' | 'blocked' {
  if (validation.decision === 'good-bingo') return 'good';
  return validation.reason === 'LATE_CLAIM' ? 'late' : 'blocked';
}

const TONE = { good: 'success', late: 'warning', blocked: 'danger' } as const;

/**
 * Every claim of the game (the state's validations, in order): the cartela, the ball it was judged on, when, the
 * decision and core's reason in words, with why it won or lost on its ball: completed by it, or on which earlier
 * ball (product/draw.md#the-claim-rule; games recorded before core kept it say only the reason). The evidence
 * when a player disputes a block (issue 19).
 */
export function ClaimsPanel({ game }: { game: Pick<GameDetail, 'validations'> }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const reason = (code: string) => {
    const key = `games.history.claims.reasons.${code}`;
    return i18n.exists(key) ? t(key as 'games.title') : code;
  };
  const story = (v: Validation) => {
    const s = claimStory(v);
    if (s === null) return null;
    return s.kind === 'completed-here'
      ? t('games.history.claims.completedHere')
      : t('games.history.claims.completedEarlier', { call: s.call, ball: s.ball, claimed: s.claimed });
  };
  const columns = {
    cartela: t('games.history.claims.columns.cartela'),
    verdict: t('games.history.claims.columns.verdict'),
    ball: t('games.history.claims.columns.ball'),
    time: t('games.history.claims.columns.time'),
    reason: t('games.history.claims.columns.reason'),
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={ClipboardCheck}>{t('games.history.claims.title')}</CardTitle>
        <CardDescription>{t('games.history.claims.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {game.validations.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('games.history.claims.none')}</p>
        ) : (
          <Table caption={t('games.history.claims.title')}>
            <TableHead>
              <tr>
                <TableHeaderCell>{columns.cartela}</TableHeaderCell>
                <TableHeaderCell>{columns.verdict}</TableHeaderCell>
                <TableHeaderCell>{columns.ball}</TableHeaderCell>
                <TableHeaderCell>{columns.time}</TableHeaderCell>
                <TableHeaderCell>{columns.reason}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {game.validations.map((v, i) => {
                const kind = claimKind(v);
                const why = story(v);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the story is append-only; a cartela may claim twice
                  <TableRow key={i}>
                    <TableCell label={columns.cartela} className="font-semibold tabular-nums">
                      {t('games.history.claims.cartela', { n: v.cartelaNumber })}
                    </TableCell>
                    <TableCell label={columns.verdict}>
                      <Badge tone={TONE[kind]}>{t(`games.history.claims.kinds.${kind}`)}</Badge>
                    </TableCell>
                    <TableCell label={columns.ball} className="whitespace-nowrap tabular-nums">
                      {t('games.history.claims.ball', { ball: ballLabel(v.lastBall), call: v.callCount })}
                    </TableCell>
                    <TableCell label={columns.time} className="whitespace-nowrap">
                      {v.at ? format.dateTime(v.at) : '-'}
                    </TableCell>
                    <TableCell label={columns.reason}>
                      <span>
                        {reason(v.reason)}
                        {why && (
                          <span
                            className="block text-xs font-medium text-ink-muted"
                            data-testid="claim-story"
                          >
                            {why}
                          </span>
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
