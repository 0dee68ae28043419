// The hall display's texts (t('roomDisplay.…')): shipped with the display's chunk, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('roomDisplay', { en, am: () => import('./am.json'), om: () => import('./om.json') });
