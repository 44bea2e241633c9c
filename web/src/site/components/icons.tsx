import type { TFeatureIcon } from '../../../../contracts/site-content.contract';

// Line icons of the public site (24×24, stroke), inline so a page needs no icon font or sprite.
const PATHS: Record<TFeatureIcon | 'chevron' | 'menu' | 'globe' | 'arrow', string> = {
  calendar: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm3 8h2m4 0h2m-8 4h2',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6m-6 4h6m-6 4h3',
  bank: 'M3 10 12 4l9 6M5 10v8m4.5-8v8m5-8v8M19 10v8M3 21h18',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  users: 'M16 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m6.5-9a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 20v-1a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8',
  chart: 'M4 20V4m0 16h16M8 16v-4m4 4V8m4 8v-6',
  check: 'M20 6 9 17l-5-5',
  mail: 'M4 6h16v12H4V6Zm0 0 8 7 8-7',
  file: 'M14 3H6v18h12V7l-4-4Zm0 0v4h4M9 13h6m-6 4h6',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v5l3 2',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z',
  lock: 'M6 11h12v10H6V11Zm2 0V7a4 4 0 1 1 8 0v4',
  chevron: 'm6 9 6 6 6-6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z',
  arrow: 'M5 12h14m-6-6 6 6-6 6',
};

export type SiteIconName = keyof typeof PATHS;

export function SiteIcon({ name, size = 24, className }: { name: SiteIconName; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The TrainerPay mark (as web/public/favicon.svg): a "T" on the brand gradient with a gold coin. */
export function SiteLogoMark({ size = 32, id = 'tp-logo-gradient' }: { size?: number; id?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5560ef" />
          <stop offset="1" stopColor="#2735a8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <path d="M9 10.5h14M16 10.5v12" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="23.5" cy="22.5" r="4.2" fill="#fbbf24" stroke="#fff" strokeWidth="1.6" />
    </svg>
  );
}
