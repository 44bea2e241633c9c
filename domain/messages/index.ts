import { isLocale, type Locale, type MessageCatalog } from './catalog';
import { commonMessages } from './common.messages';
import { importMessages } from './import.messages';
import { importQueueMessages } from './import-queue.messages';
import { settlementMessages } from './settlement.messages';
import { masterDataMessages } from './master-data.messages';
import { mailMessages } from './mail.messages';
import { trainerAccountMessages } from './trainer-account.messages';
import { reviewMessages } from './review.messages';
import { creditNoteMessages } from './credit-note.messages';
import { downloadsMessages } from './downloads.messages';
import { settlementV1Messages } from './settlement-v1.messages';
import { eInvoiceMessages } from './e-invoice.messages';
import { accountingHandoffMessages } from './accounting-handoff.messages';
import { documentsMessages } from './documents.messages';
import { reportsMessages } from './reports.messages';
import { trainerOverviewMessages } from './trainer-overview.messages';
import { accountMessages } from './account.messages';
import { contactMessages } from './contact.messages';
import { onboardingMessages } from './onboarding.messages';
import { staffMessages } from './staff.messages';
import { firstMonthMessages } from './first-month.messages';

export * from './catalog';

// Every text the server shows a user, in de and en, by feature. The API answers in the caller's
// language (see api/http/locale.ts); the web app shows server messages as they come.
const catalog: MessageCatalog = {
  ...commonMessages,
  ...importMessages,
  ...importQueueMessages,
  ...settlementMessages,
  ...masterDataMessages,
  ...mailMessages,
  ...trainerAccountMessages,
  ...reviewMessages,
  ...creditNoteMessages,
  ...downloadsMessages,
  ...settlementV1Messages,
  ...eInvoiceMessages,
  ...accountingHandoffMessages,
  ...documentsMessages,
  ...reportsMessages,
  ...trainerOverviewMessages,
  ...accountMessages,
  ...contactMessages,
  ...onboardingMessages,
  ...staffMessages,
  ...firstMonthMessages,
};

export type MessageKey = keyof typeof commonMessages | keyof typeof importMessages | keyof typeof importQueueMessages | keyof typeof settlementMessages | keyof typeof masterDataMessages | keyof typeof mailMessages | keyof typeof trainerAccountMessages | keyof typeof reviewMessages | keyof typeof creditNoteMessages | keyof typeof downloadsMessages | keyof typeof settlementV1Messages | keyof typeof reportsMessages | keyof typeof trainerOverviewMessages | keyof typeof accountMessages | keyof typeof contactMessages | keyof typeof onboardingMessages | keyof typeof staffMessages | keyof typeof firstMonthMessages | (string & {});
export type MessageParams = Record<string, string | number>;

export const isMessageKey = (value: string): boolean => Object.hasOwn(catalog, value);

/** The text of a message key in a locale with `{name}` filled in; a text that is not a key stays as it is. */
export function translate(locale: Locale | string, key: MessageKey, params: MessageParams = {}): string {
  const text = catalog[key];
  const template = text ? text[isLocale(locale) ? locale : 'en'] : key;
  // `{count:class:classes}` is the number with the singular or plural noun.
  const counted = template.replace(/\{(\w+):([^:}]*):([^}]*)\}/g, (match, name: string, one: string, other: string) => {
    if (!(name in params)) return match;
    const count = Number(params[name]);
    return `${count} ${count === 1 ? one : other}`;
  });
  // A parameter that is itself a key (a reason inside 'field: reason') is translated too.
  return counted.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!(name in params)) return match;
    const value = String(params[name]);
    return isMessageKey(value) ? translate(locale, value) : value;
  });
}
