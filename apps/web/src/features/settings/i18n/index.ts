// The settings pages' texts (t('settings.…')): shipped with these pages, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('settings', { en, am: () => import('./am.json'), om: () => import('./om.json') });
