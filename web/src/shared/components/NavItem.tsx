import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useMatch } from 'react-router';

/** A sidebar entry, highlighted while its route is open. */
export function NavItem({ to, label, description, icon, end = true, testId, onNavigate }: {
  to: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  end?: boolean;
  testId?: string;
  onNavigate?: () => void;
}) {
  const active = useMatch({ path: to, end }) !== null;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      description={description}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      onClick={onNavigate}
      variant="light"
      fw={active ? 600 : 500}
      style={{ borderRadius: 8 }}
    />
  );
}
