import { Anchor, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { urlStateOf } from './source-rules.ts';

/**
 * A source's web address (SPEC §2 citation dialog): a link opening in a new tab when it is a
 * valid address, struck through (with the reason as a tooltip) when not, the "no URL" placeholder
 * when there is none.
 */
export function SourceUrl({ url, testId = 'source-url' }: { url: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const state = urlStateOf(url);
  const trimmed = url?.trim() ?? '';
  if (state === 'none') {
    return (
      <Text size="sm" c="dimmed" data-testid={testId} data-state={state}>
        {t('sources.placeholders.noUrl')}
      </Text>
    );
  }
  if (state === 'invalid') {
    return (
      <Tooltip label={t('sources.fields.invalidUrl')} zIndex={500}>
        <Text
          size="sm"
          td="line-through"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={`${trimmed} (${t('sources.fields.invalidUrl')})`}
          data-testid={testId}
          data-state={state}
        >
          {trimmed}
        </Text>
      </Tooltip>
    );
  }
  return (
    <Anchor
      href={trimmed}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
      data-testid={testId}
      data-state={state}
    >
      {trimmed}
      <IconExternalLink
        aria-label={t('sources.fields.opensInNewTab')}
        size={14}
        style={{ marginLeft: 4, verticalAlign: 'middle' }}
      />
    </Anchor>
  );
}
