// The super agent dashboard's texts (t('superAgentDashboard.…')): shipped with its page, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('superAgentDashboard', { en, am: () => import('./am.json'), om: () => import('./om.json') });
