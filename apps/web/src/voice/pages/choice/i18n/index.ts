// The agent's voice choice texts (t('voiceChoice.…')): shipped with its page, not in the sign-in entry or the room.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('voiceChoice', { en, am: () => import('./am.json'), om: () => import('./om.json') });
