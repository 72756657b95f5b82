import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface IconActionProps {
  /** the action, shown as the tooltip ("Edit") */
  label: string;
  /** the action on its thing, read by screen readers ("Edit Rice") */
  name: string;
  icon: Icon;
  color?: string;
  onClick?: () => void;
  /** a link instead of a button */
  to?: string;
  loading?: boolean;
  size?: number;
}

/** A row's action as an icon: its label as a tooltip, its full name for screen readers. */
export function IconAction({ label, name, icon: ActionGlyph, color, onClick, to, loading, size = 16 }: IconActionProps) {
  const glyph = <ActionGlyph size={size} aria-hidden />;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={name}>
          {glyph}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} aria-label={name} onClick={onClick} loading={loading}>
          {glyph}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
