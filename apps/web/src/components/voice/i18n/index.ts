// The voice toggle's and the voice preload's texts (t('voice.…')): shipped with the components that make sound,
// not in the sign-in entry. The voice settings' texts stay with their page (features/voices).
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('voice', { en, am: () => import('./am.json') });
