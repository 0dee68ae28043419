// The coin statement's texts (t('coins.…')): shipped with its pages, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('coins', { en, am: () => import('./am.json'), om: () => import('./om.json') });
