import type { BalanceStatsResponse } from '@cartela/contract';
import { RefreshCw, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { currentLanguage } from '@/i18n';
import { useFormat } from '@/lib/format';

type Data = z.infer<typeof BalanceStatsResponse>;
type Recommendation = Data['recommendations'][number];

export interface RecommendationsProps {
  data: Data;
  /** What each recommendation's button does; both are disabled while an action runs. */
  onRebalance: () => void;
  onRegenerate: () => void;
  busy: boolean;
}

/**
 * The server's advice about the set, each with the action it offers. English shows the server's own sentence
 * (it carries the exact counts); Amharic shows the translation of its code with the figures this page has,
 * and the server's sentence for a code it does not know (as lib/errors does for error codes).
 */
export function Recommendations({ data, onRebalance, onRegenerate, busy }: RecommendationsProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const values = {
    avg: format.number(data.balanceStats.avgBalanceScore, 3),
    stdDev: format.number(data.balanceStats.stdDevBalanceScore, 3),
    total: format.number(data.balanceStats.totalCartelas),
  };
  const text = (r: Recommendation) => {
    const key = `balance.recommendations.codes.${r.code}`;
    if (currentLanguage() === 'en' || !i18n.exists(key)) return r.message;
    return t(key as 'balance.recommendations.codes.WELL_BALANCED', values);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('balance.recommendations.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {data.recommendations.map((r) => (
            <li key={r.code}>
              <Alert tone={r.type} title={t(`balance.recommendations.${r.type}`)}>
                <p>{text(r)}</p>
                {r.action !== 'none' && (
                  <Button
                    variant={r.type === 'warning' ? 'primary' : 'outline'}
                    size="sm"
                    className="mt-2"
                    disabled={busy}
                    onClick={r.action === 'rebalance' ? onRebalance : onRegenerate}
                  >
                    {r.action === 'rebalance' ? (
                      <Scale className="size-4" aria-hidden="true" />
                    ) : (
                      <RefreshCw className="size-4" aria-hidden="true" />
                    )}
                    {r.action === 'rebalance'
                      ? t('balance.recommendations.rebalance')
                      : t('balance.recommendations.regenerate')}
                  </Button>
                )}
              </Alert>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
