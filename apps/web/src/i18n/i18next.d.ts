import 'i18next';
import type settings from '../features/settings/i18n/en.json';
import type en from './en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The entry's texts plus every feature's (features/<name>/i18n/en.json, merged under its key).
    resources: { translation: typeof en & { settings: typeof settings } };
  }
}
