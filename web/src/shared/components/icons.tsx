import type { ReactNode, SVGProps } from 'react';

// A handful of line icons in one style (24 px grid, 1.75 stroke) instead of a whole icon package.
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** Makes a line icon of this set from its paths; feature icon files use it too. */
export function icon(paths: ReactNode, defaultSize = 18) {
  return function Icon({ size = defaultSize, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const IconDashboard = icon(
  <>
    <rect x="4" y="4" width="7" height="8" rx="1.5" />
    <rect x="13" y="4" width="7" height="5" rx="1.5" />
    <rect x="13" y="11" width="7" height="9" rx="1.5" />
    <rect x="4" y="14" width="7" height="6" rx="1.5" />
  </>,
);
export const IconImport = icon(
  <>
    <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8a4 4 0 0 1 0 8" />
    <path d="M12 11v9" />
    <path d="m9 17 3 3 3-3" />
  </>,
);
export const IconUser = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M5 20a7 7 0 0 1 14 0" />
  </>,
);
export const IconGift = icon(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M12 8v12" />
    <path d="M19 12v6.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 18.5V12" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </>,
);
export const IconBell = icon(
  <>
    <path d="M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6" />
    <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
  </>,
);
export const IconLogout = icon(
  <>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3" />
    <path d="m18 15 3-3" />
  </>,
);
export const IconChevronDown = icon(<path d="m6 9 6 6 6-6" />);
export const IconPlay = icon(<path d="M7 4v16l13-8z" />);
export const IconAlert = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </>,
);
export const IconInfo = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5" />
    <path d="M12 8h.01" />
  </>,
);
export const IconCheck = icon(<path d="m5 12 5 5L20 7" />);
export const IconArrowLeft = icon(
  <>
    <path d="M5 12h14" />
    <path d="m5 12 6 6" />
    <path d="m5 12 6-6" />
  </>,
);
