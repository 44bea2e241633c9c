import { icon } from '../../shared/components/icons';

// Icons of the preview check, in the shared set's style.
export const IconComment = icon(<path d="M4 5h16v11H9l-5 4z" />, 16);
export const IconCross = icon(
  <>
    <path d="M6 6l12 12" />
    <path d="M18 6 6 18" />
  </>,
  16,
);
export const IconRefresh = icon(
  <>
    <path d="M20 11a8 8 0 0 0-14.9-3.5L4 9" />
    <path d="M4 4v5h5" />
    <path d="M4 13a8 8 0 0 0 14.9 3.5L20 15" />
    <path d="M20 20v-5h-5" />
  </>,
  16,
);
