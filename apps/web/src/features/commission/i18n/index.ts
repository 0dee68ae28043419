// The commission management page's texts (t('commission.…')): shipped with its page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('commission', { en, am: () => import('./am.json'), om: () => import('./om.json') });
