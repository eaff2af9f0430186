import { Box, type BoxProps, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './SourceItemList.module.css';

/** One row of a compact source list. */
export interface SourceListItem {
  id: string;
  title: string;
  /** A second, dimmed line (a page, a place, a date). */
  detail?: string;
  /** Opens the item; without it the row is plain text (the item the dialog came from). */
  onOpen?: () => void;
  /** Buttons at the row's end (remove, add). */
  actions?: ReactNode;
  /** Extra data attributes for tests. */
  data?: Record<string, string>;
}

export interface SourceItemListProps {
  items: readonly SourceListItem[];
  /** The accessible name of the list. */
  label: string;
  /** SPEC §2: "Inga" plus the plural type name ("No citations"). */
  emptyText: string;
  /** The list's box: SPEC §9 gives the citation panel 250 × 300 px and the "used in" list 500 px. */
  width?: BoxProps['w'];
  /** The rows' height before they scroll (without `height`). */
  maxHeight?: number;
  /** A fixed height of the whole box, header included (the panels); the rows scroll within it. */
  height?: number;
  /** A title row inside the box (the panels' name, count and expand button). */
  header?: ReactNode;
  className?: string;
  /** The width of a row's text (SPEC §9: 200 px in the citation panel). */
  itemWidth?: number | string;
  testId: string;
  rowTestId: string;
}

/**
 * The compact lists inside the source dialogs and panels: a bordered, scrolling box of rows, each
 * opening its item, with the placeholder of SPEC §2 when empty. (The searchable, paged lists are
 * the shared `List`; these hold the few items of one source or event.)
 */
export function SourceItemList({
  items,
  label,
  emptyText,
  width = '100%',
  maxHeight = 300,
  height,
  header,
  className,
  itemWidth,
  testId,
  rowTestId,
}: SourceItemListProps) {
  const rows = (
    <Stack component="ul" gap={0} aria-label={label} className={classes.list}>
      {items.map((item) => {
        const text = (
          <Box w={itemWidth} maw="100%" miw={0} style={{ flex: itemWidth ? '0 1 auto' : '1 1 auto' }}>
            <Text size="sm" fw={600} truncate="end" title={item.title} data-testid={`${rowTestId}-title`}>
              {item.title}
            </Text>
            {item.detail ? (
              <Text size="xs" c="dimmed" truncate="end" title={item.detail}>
                {item.detail}
              </Text>
            ) : null}
          </Box>
        );
        return (
          <Group
            component="li"
            key={item.id}
            gap={4}
            wrap="nowrap"
            className={classes.row}
            data-testid={rowTestId}
            data-id={item.id}
            {...item.data}
          >
            {item.onOpen ? (
              <UnstyledButton className={classes.action} onClick={item.onOpen} data-testid={`${rowTestId}-open`}>
                {text}
              </UnstyledButton>
            ) : (
              <Box className={classes.static}>{text}</Box>
            )}
            {item.actions}
          </Group>
        );
      })}
    </Stack>
  );

  let body: ReactNode;
  if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" px="sm" py="xs" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  } else if (height) {
    body = (
      <ScrollArea type="auto" className={classes.scroll}>
        {rows}
      </ScrollArea>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        {rows}
      </ScrollArea.Autosize>
    );
  }

  return (
    <Box
      className={[classes.box, height ? classes.fixed : '', className ?? ''].filter(Boolean).join(' ')}
      w={width}
      maw="100%"
      h={height}
      data-testid={testId}
      data-count={items.length}
    >
      {header ? <div className={classes.header}>{header}</div> : null}
      {body}
    </Box>
  );
}
