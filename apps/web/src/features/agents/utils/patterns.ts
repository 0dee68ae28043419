import { normalizePatternId, PATTERN_IDS, type PatternId } from '@cartela/core';
import { useTranslation } from 'react-i18next';

export { PATTERN_IDS, type PatternId };

/**
 * A winning pattern's name in the interface language. The English names in i18n/en.json are packages/core's
 * own (a test keeps them equal); an id the app does not know is shown as it is.
 */
export function usePatternName(): (id: string) => string {
  const { t } = useTranslation();
  return (id) => {
    const known = normalizePatternId(id);
    return known ? t(`agents.patterns.${known}`) : id;
  };
}
