// The business date input's texts (t('businessDate.…')): shipped with the pages that choose a day, not in the
// sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('businessDate', { en, am: () => import('./am.json'), om: () => import('./om.json') });
