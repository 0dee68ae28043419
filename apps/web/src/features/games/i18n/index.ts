// The games pages' texts (t('games.…')): shipped with these pages, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('games', { en, am: () => import('./am.json'), om: () => import('./om.json') });
