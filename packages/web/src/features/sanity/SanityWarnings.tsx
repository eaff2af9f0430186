import type { SanityCheckBody, SanityWarning } from '@anor/core';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SanityGate } from './sanity-check.ts';

interface SanityWarningsProps {
  gate: SanityGate;
  /** The body the form would be checked with now: warnings found for other data are not shown. */
  current: SanityCheckBody;
  /** Saves the form as it is, knowingly. */
  onSaveAnyway: () => void;
  isSaving?: boolean;
}

/**
 * The sanity warnings of an event (issue 19 item 7), shown at the save step: what looks wrong and
 * why, "correct the dates" (back to the form) and "save anyway". Nothing is changed for the user.
 * Once the form changes, the warnings are for data that is no longer there and are not shown; the
 * next save checks again.
 */
export function SanityWarnings({ gate, current, onSaveAnyway, isSaving = false }: SanityWarningsProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = gate.shown && JSON.stringify(gate.shown.body) === JSON.stringify(current) ? gate.shown : null;
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [shown]);
  if (!shown) return null;
  const name = (id: string | null) => (id ? shown.answer.names[id] || t('person.unknownName') : '');
  const text = (warning: SanityWarning) =>
    t(warning.code, {
      ...warning.values,
      person: name(warning.personId),
      child: name(warning.relatedPersonId),
    });
  return (
    <Alert
      ref={ref}
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden size={20} />}
      title={t('sanity.title')}
      data-testid="sanity-warnings"
    >
      <Text size="sm">{t('sanity.intro')}</Text>
      <List size="sm" mt="xs" spacing={4}>
        {shown.answer.warnings.map((warning) => (
          <List.Item
            key={`${warning.code}:${warning.personId}:${warning.eventIds.join()}`}
            data-testid="sanity-warning"
            data-code={warning.code}
          >
            {text(warning)}
          </List.Item>
        ))}
      </List>
      <Group gap="xs" mt="sm" justify="flex-end">
        <Button variant="default" size="compact-sm" onClick={gate.dismiss} data-testid="sanity-correct">
          {t('sanity.correct')}
        </Button>
        <Button
          color="yellow"
          size="compact-sm"
          loading={isSaving}
          onClick={() => {
            gate.dismiss();
            onSaveAnyway();
          }}
          data-testid="sanity-save-anyway"
        >
          {t('sanity.saveAnyway')}
        </Button>
      </Group>
    </Alert>
  );
}
