// The balance manager's texts (t('balance.…')): shipped with its page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('balance', { en, am: () => import('./am.json'), om: () => import('./om.json') });
