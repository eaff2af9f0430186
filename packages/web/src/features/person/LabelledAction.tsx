import { ActionIcon, Button, type MantineColor, Tooltip } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useShowsLabels } from './layout.ts';

interface LabelledActionProps {
  icon: ComponentType<IconProps>;
  label: string;
  /** A longer name for screen readers and the tooltip, such as "Remove Anna Berg". */
  fullLabel?: string;
  onClick: () => void;
  color?: MantineColor;
  testId: string;
}

/** A small row action: icon and label on wider screens, the icon alone (with a tooltip) below 640 px. */
export function LabelledAction({ icon: Icon, label, fullLabel, onClick, color, testId }: LabelledActionProps) {
  const showsLabel = useShowsLabels();
  const name = fullLabel ?? label;
  if (!showsLabel) {
    return (
      <Tooltip label={name}>
        <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={name} data-testid={testId}>
          <Icon aria-hidden size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="subtle"
      color={color}
      size="compact-sm"
      leftSection={<Icon aria-hidden size={16} />}
      onClick={onClick}
      aria-label={fullLabel}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
