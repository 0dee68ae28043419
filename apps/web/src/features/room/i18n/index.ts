// The game room's texts (t('room.…')): shipped with the room's chunk, not in the sign-in entry.
import { addFeatureTexts } from '@/i18n';
import en from './en.json';

addFeatureTexts('room', { en, am: () => import('./am.json'), om: () => import('./om.json') });
