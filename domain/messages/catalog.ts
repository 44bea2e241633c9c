export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** One text in both languages; `{name}` placeholders are filled by `translate`. */
export type MessageText = { en: string; de: string };
export type MessageCatalog = Record<string, MessageText>;

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** Narrows a feature's catalogue while keeping its literal keys (for typed `translate` calls). */
export const defineMessages = <const T extends MessageCatalog>(messages: T): T => messages;
