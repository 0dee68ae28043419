// The reports pages' texts (t('reports.…')): shipped with these pages, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('reports', { en, am: () => import('./am.json'), om: () => import('./om.json') });
