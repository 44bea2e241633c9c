import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { isLocale, translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';

declare module 'express-serve-static-core' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Request {
    /** The language the caller asked for (x-locale or Accept-Language); see `localeOf`. */
    requestedLocale?: Locale;
  }
}

/** x-locale wins (the web app sends its URL language); else the first de/en of Accept-Language. */
export const detectLocale: RequestHandler = (req, _res, next) => {
  const explicit = req.header('x-locale');
  if (isLocale(explicit)) {
    req.requestedLocale = explicit;
  } else {
    const accepted = (req.header('accept-language') ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase())
      .find(isLocale);
    req.requestedLocale = accepted;
  }
  next();
};

/** The language of the answer: what the request asked for, else the user's own, else English. */
export const localeOf = (req: Pick<Request, 'requestedLocale' | 'auth'>): Locale => {
  const userLocale = req.auth?.locale;
  return req.requestedLocale ?? (isLocale(userLocale) ? userLocale : 'en');
};

export const t = (req: Pick<Request, 'requestedLocale' | 'auth'>, key: MessageKey, params?: MessageParams) => translate(localeOf(req), key, params);

/** zod's own messages in the caller's language (custom messages are catalogue keys and translated after). */
export const zodErrorMap = (locale: Locale) => (locale === 'de' ? z.locales.de() : z.locales.en()).localeError;
