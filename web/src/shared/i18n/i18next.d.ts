import 'i18next';
import type { Translation } from './en';

// Typed keys: a `t('…')` with a key missing from the English dictionary fails the type check.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}
