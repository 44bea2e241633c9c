import { z } from 'zod';

// The public site's content (spec admin 2.23, 2.24; trainer portal 2 "Marketing and footers"): one
// JSON file per section and language under content/, served by the API at the spec's paths
// /build/content/web/{lang}/... and /build/content/trainer_account/{lang}/footer.json. The fields
// the spec names are required; what the pages need beyond them (page titles and descriptions for
// search engines, the form's labels and error texts, the product preview's four demo cards) is
// named here too, so every visible text of the public site lives in these files.
//
// Spanish covers navigation only (spec 9): content/web/es/ holds navigation.json; every other
// file falls back to English, and the pages say so.

export const CONTENT_LOCALES = ['de', 'en', 'es'] as const;
export type TContentLocale = (typeof CONTENT_LOCALES)[number];
/** Languages with every file; the others fall back to the first of these after their own. */
export const FULL_CONTENT_LOCALES = ['de', 'en'] as const;
export const FALLBACK_CONTENT_LOCALE = 'en' as const;

const text = z.string().trim().min(1);
/** A link inside the site or the app: a path (`/de/pricing`, `#pricing`) or an http(s)/mailto URL. */
const href = z.string().regex(/^(\/|#|https?:\/\/|mailto:|tel:)\S*$/, 'a path, an anchor or an http(s)/mailto/tel URL');
/** An image under web/public: `/site/...svg|png|webp`. */
const image = z.string().regex(/^\/site\/[a-z0-9/_-]+\.(svg|png|webp|jpg)$/, 'an image path under /site/');
const link = z.strictObject({ name: text, href });

/** Title and description of a page for search engines and link previews (Open Graph). */
export const ZPageMeta = z.strictObject({ title: text.max(70), description: text.max(170) });

export const ZHeroContent = z.strictObject({
  meta: ZPageMeta,
  preheading: text,
  headline: text,
  description: text,
  cta: text,
  cta_href: href,
  secondary_cta: text,
  secondary_cta_href: href,
  /** The product preview: a dashboard with four demo cards (Revenue, Overdue, Outstanding, Expenses) and fixed values. */
  preview: z.strictObject({
    headline: text,
    caption: text,
    cards: z.array(z.strictObject({ name: text, value: text, note: text })).length(4),
  }),
});

export const ZPartnerContent = z.strictObject({
  headline: text,
  logos: z.array(z.strictObject({ name: text, src: image })).length(2),
});

export const FEATURE_ICONS = ['calendar', 'receipt', 'bank', 'shield', 'users', 'chart', 'check', 'mail', 'file', 'clock', 'phone', 'lock'] as const;
export const ZFeaturesContent = z.strictObject({
  preheading: text,
  headline: text,
  description: text,
  items: z.array(z.strictObject({ name: text, description: text, icon: z.enum(FEATURE_ICONS) })).min(3).max(9),
});

export const ZTestimonialsContent = z.strictObject({
  headline: text,
  entries: z.array(z.strictObject({ logo: image, portrait: image, quote: text, name: text, position: text })).min(1).max(6),
});

export const PRICING_FREQUENCIES = ['monthly', 'annually'] as const;
export const ZPricingTableContent = z
  .strictObject({
    meta: ZPageMeta,
    preheading: text,
    headline: text,
    description: text,
    frequencyLabel: text,
    frequencies: z.array(z.strictObject({ value: z.enum(PRICING_FREQUENCIES), label: text, priceSuffix: text })).min(1).max(2),
    tiers: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z][a-z0-9-]*$/),
          name: text,
          description: text,
          price: z.strictObject({ monthly: text, annually: text.optional() }),
          features: z.array(text).min(1),
          mostPopular: z.boolean(),
          cta: text,
          href,
        }),
      )
      .length(3),
    mostPopularLabel: text,
    setupfee: text,
    fineprint: text,
  })
  .refine((table) => table.tiers.filter((tier) => tier.mostPopular).length <= 1, { message: 'at most one tier is the most popular', path: ['tiers'] })
  .refine((table) => table.frequencies.every((frequency) => table.tiers.every((tier) => tier.price[frequency.value] !== undefined)), {
    message: 'every tier has a price for every frequency',
    path: ['tiers'],
  });

export const ZNavigationContent = z.strictObject({
  /** The logo's accessible name (it links to /{lang}/). */
  home: text,
  skipToContent: text,
  menu: text,
  items: z.array(link).min(1).max(6),
  login: z.strictObject({ label: text, entries: z.array(link.extend({ description: text })).length(3) }),
  /** Shown instead of the log-in menu to a visitor who is logged in. */
  account: link,
  languages: z.strictObject({ label: text, de: text, en: text, es: text }),
  /** Shown above a page whose content is not in this language (Spanish: English content). */
  fallbackNotice: text.optional(),
});

export const ZFooterContent = z.strictObject({
  tagline: text,
  columns: z.array(z.strictObject({ title: text, links: z.array(link).min(1) })).min(1).max(4),
  legal: text,
  copyright: text,
});

/** The trainer portal's and the admin's footer: one line with links. */
export const ZAppFooterContent = z.strictObject({
  text,
  links: z.array(link).min(1).max(5),
  copyright: text,
});

export const ZContactContent = z.strictObject({
  meta: ZPageMeta,
  preheading: text,
  headline: text,
  description: text,
  fields: z.strictObject({ company: text, firstname: text, lastname: text, email: text, phone: text, message: text }),
  optional: text,
  terms: text,
  submit: text,
  sending: text,
  success: z.strictObject({ headline: text, text }),
  errors: z.strictObject({
    /** '{field}' is replaced by the field's label. */
    required: text,
    invalidEmail: text,
    terms: text,
    messageTooLong: text,
    generic: text,
  }),
  aside: z.strictObject({ headline: text, items: z.array(z.strictObject({ name: text, value: text, href: href.optional() })).min(1) }),
});

/** Every content file, by its path below /build/content/ with `{lang}` for the language. */
export const CONTENT_FILES = {
  'web/{lang}/home/hero.json': ZHeroContent,
  'web/{lang}/home/partner.json': ZPartnerContent,
  'web/{lang}/home/features-trainer.json': ZFeaturesContent,
  'web/{lang}/home/features-studios.json': ZFeaturesContent,
  'web/{lang}/home/testimonials.json': ZTestimonialsContent,
  'web/{lang}/home/pricing-table.json': ZPricingTableContent,
  'web/{lang}/footer.json': ZFooterContent,
  'web/{lang}/navigation.json': ZNavigationContent,
  'web/{lang}/contact.json': ZContactContent,
  'trainer_account/{lang}/footer.json': ZAppFooterContent,
} as const;
export type TContentFile = keyof typeof CONTENT_FILES;
export const CONTENT_FILE_PATHS = Object.keys(CONTENT_FILES) as TContentFile[];
/** The files Spanish has of its own; the rest are English. */
export const SPANISH_CONTENT_FILES: readonly TContentFile[] = ['web/{lang}/navigation.json'];

export type THeroContent = z.infer<typeof ZHeroContent>;
export type TPartnerContent = z.infer<typeof ZPartnerContent>;
export type TFeaturesContent = z.infer<typeof ZFeaturesContent>;
export type TTestimonialsContent = z.infer<typeof ZTestimonialsContent>;
export type TPricingTableContent = z.infer<typeof ZPricingTableContent>;
export type TNavigationContent = z.infer<typeof ZNavigationContent>;
export type TFooterContent = z.infer<typeof ZFooterContent>;
export type TAppFooterContent = z.infer<typeof ZAppFooterContent>;
export type TContactContent = z.infer<typeof ZContactContent>;
export type TFeatureIcon = (typeof FEATURE_ICONS)[number];

export const ZContentLocaleParams = z.object({ locale: z.enum(CONTENT_LOCALES, { error: 'validation.invalid' }) });
