import type { PatternId } from '@cartela/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { usePatternText } from '../utils/display';

/**
 * Step 3's reminder of what steps 1 and 2 chose: the stake and the winning pattern, each with Change. After 'Next
 * game' the wizard opens on this step with the last game's choices, so they are said here, not repeated silently
 * (an agent's own pattern repeated without a word: decision 085).
 */
export function ChosenSummary({
  stake,
  pattern,
  repeated,
  onChangeStake,
  onChangePattern,
}: {
  /** Whole ETB per player. */
  stake: number;
  pattern: PatternId;
  /** The stake and the pattern are the last game's (Next game), unchanged. */
  repeated: boolean;
  onChangeStake: () => void;
  onChangePattern: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const text = usePatternText();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="mb-4 rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-3"
    >
      <h3 id={id} className="text-sm font-semibold text-ink">
        {repeated ? t('games.wizard.chosen.repeated') : t('games.wizard.chosen.title')}
      </h3>
      <dl className="mt-1 flex flex-wrap gap-x-8 gap-y-1">
        <Chosen
          term={t('games.wizard.totals.stake')}
          change={t('games.wizard.chosen.changeStake')}
          onChange={onChangeStake}
        >
          <span className="tabular-nums">{format.etb(stake)}</span>
        </Chosen>
        <Chosen
          term={t('games.wizard.pattern.label')}
          change={t('games.wizard.chosen.changePattern')}
          onChange={onChangePattern}
        >
          <span data-pattern={pattern}>{text.name(pattern)}</span>
        </Chosen>
      </dl>
      {pattern === 'agents-own' && (
        <p className="mt-1 text-sm text-ink">{t('games.wizard.pattern.manual')}</p>
      )}
    </section>
  );
}

/** One choice of the earlier steps, with Change back to its step. */
function Chosen({
  term,
  change,
  onChange,
  children,
}: {
  term: string;
  change: string;
  onChange: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className="flex items-center gap-1 font-semibold text-ink">
        {children}
        <Button variant="ghost" size="sm" aria-label={change} onClick={onChange}>
          {t('games.wizard.chosen.change')}
        </Button>
      </dd>
    </div>
  );
}
