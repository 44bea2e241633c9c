import * as jsvatModule from 'jsvat-next';

// VAT ID (USt-IdNr., spec trainer portal 5): optional; when given it must have the format and check
// digits of an EU member state's VAT ID. jsvat-next knows the formats. Its package is CommonJS
// without an `exports` map plus an ES build under `module`: Node's ESM loader (tsx, vitest) hands
// the CommonJS exports over as `default`, while Vite bundles the ES build, which has named exports
// only — so take `default` where there is one (the web forms validate with these rules too).
const jsvat = (Reflect.get(jsvatModule, 'default') as typeof jsvatModule | undefined) ?? jsvatModule;
//
// Scope: the 27 EU member states. jsvat's list also holds non-EU schemes (Australia, Brazil, Norway
// read bare digits), which would accept a German trainer's number without prefix as an Australian
// ABN; a credit note under §14 UStG needs an EU VAT ID.
const EU_VAT_COUNTRIES = [
  jsvat.austria,
  jsvat.belgium,
  jsvat.bulgaria,
  jsvat.croatia,
  jsvat.cyprus,
  jsvat.czechRepublic,
  jsvat.denmark,
  jsvat.estonia,
  jsvat.finland,
  jsvat.france,
  jsvat.germany,
  jsvat.greece,
  jsvat.hungary,
  jsvat.ireland,
  jsvat.italy,
  jsvat.latvia,
  jsvat.lithuania,
  jsvat.luxembourg,
  jsvat.malta,
  jsvat.netherlands,
  jsvat.poland,
  jsvat.portugal,
  jsvat.romania,
  jsvat.slovakiaRepublic,
  jsvat.slovenia,
  jsvat.spain,
  jsvat.sweden,
];

/** VAT ID prefixes that differ from the ISO country code. */
const VAT_PREFIX_BY_COUNTRY: Record<string, string> = { GR: 'EL' };

/**
 * Compact form: upper case without spaces, dots, hyphens or slashes ('de 136.695.976' → 'DE136695976').
 * A value that does not start with two letters gets the prefix of `countryHint` (an ISO 3166 alpha-2
 * code such as the trainer's country 'DE'; Greece's 'GR' becomes 'EL'), so '136695976' with hint
 * 'DE' is 'DE136695976'. A value that has a prefix keeps it, whatever the hint. '' for none.
 */
export function normalizeVatId(value: string | null | undefined, countryHint?: string | null): string {
  const compact = (value ?? '').toUpperCase().replace(/[\s.\-/]+/g, '');
  if (compact === '' || /^[A-Z]{2}/.test(compact)) return compact;
  const hint = (countryHint ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(hint)) return compact;
  return `${VAT_PREFIX_BY_COUNTRY[hint] ?? hint}${compact}`;
}

/**
 * Whether `value` is an EU VAT ID with valid format and check digits. Empty (or only whitespace) is
 * valid: the VAT ID is optional. `countryHint` only supplies a missing prefix (see normalizeVatId).
 */
export function isValidVatId(value: string | null | undefined, countryHint?: string | null): boolean {
  const vatId = normalizeVatId(value, countryHint);
  if (vatId === '') return true;
  return jsvat.checkVAT(vatId, EU_VAT_COUNTRIES).isValid;
}
