import type { PatternId } from '@cartela/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { usePatternText } from '../utils/display';

export interface PatternStepProps {
  /** The patterns the admin enabled for this agent, in packages/core's order. */
  patterns: readonly PatternId[];
  pattern: PatternId | null;
  onChange: (pattern: PatternId) => void;
}

/**
 * Step 2, Pattern: the agent's enabled winning patterns (the session user's `winningPatterns`) as
 * 'name - description'. The server refuses any other, so none other is offered.
 */
export function PatternStep({ patterns, pattern, onChange }: PatternStepProps) {
  const { t } = useTranslation();
  const text = usePatternText();
  const id = useId();
  if (pattern === null || patterns.length === 0) {
    return (
      <Alert tone="warning" role="alert">
        {t('games.wizard.pattern.none')}
      </Alert>
    );
  }
  return (
    <div className="space-y-4">
      <Field id={id} label={t('games.wizard.pattern.label')} hint={t('games.wizard.pattern.hint')}>
        <Select
          id={id}
          value={pattern}
          aria-describedby={fieldDescriptionId(id)}
          onChange={(e) => onChange(e.target.value as PatternId)}
        >
          {patterns.map((p) => (
            <option key={p} value={p}>
              {/* product/draw.md#winning-patterns: 'name - description', in every language. */}
              {`${text.name(p)} - ${text.description(p)}`}
            </option>
          ))}
        </Select>
      </Field>
      {pattern === 'agents-own' && (
        <Alert tone="info" role="status">
          {t('games.wizard.pattern.manual')}
        </Alert>
      )}
    </div>
  );
}
