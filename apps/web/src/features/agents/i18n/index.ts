// The agents and cartelas pages' texts (t('agents.…')): shipped with these pages, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('agents', { en, am: () => import('./am.json'), om: () => import('./om.json') });
