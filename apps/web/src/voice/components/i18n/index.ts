// The voice toggle's and the voice preload's texts (t('voice.…')): shipped with the components that make sound,
// not in the sign-in entry. Each voice screen's texts stay with it (pages/*/i18n: 'voiceChoice', 'voicePacks').
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('voice', { en, am: () => import('./am.json'), om: () => import('./om.json') });
