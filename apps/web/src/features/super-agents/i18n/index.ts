// The super agent management texts (t('superAgents.…')): shipped with its page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('superAgents', { en, am: () => import('./am.json'), om: () => import('./om.json') });
