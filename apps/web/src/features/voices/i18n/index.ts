// The voice texts (t('voices.…')): shipped with the pages and components that make sound, not in the entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('voices', { en, am: () => import('./am.json') });
