import { Text, Typography } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RichTextView.module.css';
import { sanitizeRichText } from './sanitize.ts';

export interface RichTextViewProps {
  /** Stored rich text (HTML as the server sanitized it). */
  html: string;
  /** What shows for an empty text; default SPEC §8 "Anteckning saknas...". */
  emptyText?: string;
  'data-testid'?: string;
}

/**
 * Rich text as read-only content: sanitized again with the server's allow-list into DOM nodes
 * (never set as markup), links opening in a new tab (rel noopener), in Mantine's typography styles.
 */
export function RichTextView({ html, emptyText, 'data-testid': testId = 'rich-text-view' }: RichTextViewProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const fragment = useMemo(() => sanitizeRichText(html), [html]);
  const isEmpty = (fragment.textContent ?? '').trim() === '';

  useLayoutEffect(() => {
    ref.current?.replaceChildren(fragment.cloneNode(true));
  }, [fragment]);

  if (isEmpty) {
    return (
      <Text size="sm" c="dimmed" fs="italic" data-testid={testId} data-empty>
        {emptyText ?? t('notes.missingText')}
      </Text>
    );
  }
  return (
    <Typography ref={ref} fz="sm" className={classes.view} style={{ overflowWrap: 'anywhere' }} data-testid={testId} />
  );
}
