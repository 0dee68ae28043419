import { BINGO_LETTERS, getPattern, normalizePatternId } from '@cartela/core';
import { useTranslation } from 'react-i18next';

/**
 * The cells of a pattern on a 5 x 5 card, from packages/core's masks (bit row * 5 + col). A pattern of lines
 * ('any one line') shows the first line(s) of its list as an example; the agent's own pattern has no cells.
 */
export function patternCells(patternId: string): { mask: number; example: boolean } | null {
  const id = normalizePatternId(patternId);
  if (!id) return null;
  const { rule } = getPattern(id);
  if (rule.kind === 'manual') return null;
  if (rule.kind === 'cells') return { mask: rule.mask, example: false };
  return { mask: rule.lines.slice(0, rule.need).reduce((all, line) => all | line, 0), example: true };
}

export function PatternCells({ patternId }: { patternId: string }) {
  const { t, i18n } = useTranslation();
  const key = `roomDisplay.patterns.${patternId}`;
  const name = i18n.exists(key) ? t(key as 'roomDisplay.title') : patternId;
  const cells = patternCells(patternId);
  return (
    <section
      aria-label={t('roomDisplay.pattern')}
      className="flex flex-col items-center gap-[calc(var(--u)*0.6)]"
    >
      <h2 className="text-center font-bold text-[calc(var(--u)*1.6)] text-amber-300">{name}</h2>
      {cells ? (
        <>
          <div
            role="img"
            aria-label={name}
            className="grid grid-cols-5 gap-[calc(var(--u)*0.25)] rounded-[calc(var(--u)*0.6)] bg-white/10 p-[calc(var(--u)*0.4)]"
          >
            {BINGO_LETTERS.map((letter) => (
              <span key={letter} className="text-center font-black text-[calc(var(--u)*1)] text-white/70">
                {letter}
              </span>
            ))}
            {Array.from({ length: 25 }, (_, i) => {
              const on = (cells.mask & (1 << i)) !== 0;
              const free = i === 12;
              return (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the 25 cells of a card never move
                  key={i}
                  data-in-pattern={on || undefined}
                  className={`flex size-[calc(var(--u)*2.1)] items-center justify-center rounded-[calc(var(--u)*0.3)] font-bold text-[calc(var(--u)*0.55)] ${
                    on ? 'bg-amber-400 text-amber-950' : 'bg-white/10 text-white/60'
                  }`}
                >
                  {free ? t('roomDisplay.free') : ''}
                </span>
              );
            })}
          </div>
          {cells.example && (
            <p className="text-[calc(var(--u)*0.9)] text-white/60">{t('roomDisplay.patternExample')}</p>
          )}
        </>
      ) : (
        <p className="text-[calc(var(--u)*1.1)] text-white/70">{t('roomDisplay.manual')}</p>
      )}
    </section>
  );
}
