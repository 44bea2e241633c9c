import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The TrainerPay mark: a "T" on the brand gradient with a gold coin. */
export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5560ef" />
          <stop offset="1" stopColor="#2735a8" />
        </linearGradient>
      </defs>
      {/* inverted: white tile for dark backgrounds, where the gradient tile would disappear */}
      <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : `url(#${gradientId})`} />
      <path d="M9 10.5h14M16 10.5v12" stroke={inverted ? '#3b46d4' : '#fff'} strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="23.5" cy="22.5" r="4.2" fill="#fbbf24" stroke="#fff" strokeWidth="1.6" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap" data-testid="logo">
      <LogoMark size={size} />
      <Text component="span" fw={750} fz={size * 0.62} lh={1} style={{ letterSpacing: '-0.02em' }} c="dark.8">
        {t('app.name')}
      </Text>
    </Group>
  );
}
