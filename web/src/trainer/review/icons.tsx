import { icon } from '../../shared/components/icons';

export const IconChatBubble = icon(<path d="M4 5h16v11H9l-5 4z" />, 16);
export const IconLock = icon(
  <>
    <rect x="5" y="11" width="14" height="9" rx="1.5" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
  16,
);
