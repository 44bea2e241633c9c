import { Avatar, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../initials';

/**
 * A studio group's logo (trainer spec 2: /build/images/logo/{hash}.png; the server draws one from the
 * initials for a group that has uploaded none), or the initials while the path is not known yet.
 */
export function GroupLogo({ name, logoPath, size = 48 }: { name: string; logoPath: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  if (logoPath) return <Image src={logoPath} alt={t('accountLinks.logo.alt', { name })} h={size} w="auto" maw={size * 3} fit="contain" data-testid="group-logo" />;
  return (
    <Avatar size={size} radius="md" color="brand" variant="light" aria-label={t('accountLinks.studio.initialsOf', { name })} data-testid="group-initials">
      <Text fw={700} fz={size / 2.6}>
        {initialsOf(name)}
      </Text>
    </Avatar>
  );
}
