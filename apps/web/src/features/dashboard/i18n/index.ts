// The dashboards' texts (t('dashboard.…')): shipped with the dashboard page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('dashboard', { en, am: () => import('./am.json'), om: () => import('./om.json') });
