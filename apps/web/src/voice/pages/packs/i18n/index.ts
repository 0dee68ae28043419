// The voice pack texts (t('voicePacks.…')): shipped with its page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('voicePacks', { en, am: () => import('./am.json'), om: () => import('./om.json') });
