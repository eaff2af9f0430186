import { type DateType, dateTypes, isDateType } from '@anor/core';
import { Group, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { DateInput } from './DateInput.tsx';
import { changeStartType, type EventDateValue, showsEndDate } from './date-input-model.ts';

interface EventDateInputProps {
  value: EventDateValue;
  onChange: (value: EventDateValue) => void;
  /** Whether the date may be a range with its own end (residences, occupations); "between" always has an end. */
  allowRange?: boolean;
  /** Catalogue codes to show under the start and end dates (e.g. from `eventDateValueErrors` or the server). */
  errors?: Partial<Record<'startDate' | 'endDate', string>>;
  disabled?: boolean;
  testId?: string;
}

/**
 * An event's date (SPEC §3–§4): its type (exact, about, before, after, between) and its date,
 * with a second date for "between" and, where ranges are allowed, an optional end with its own
 * type (left empty, the end is the start).
 */
export function EventDateInput({ value, onChange, allowRange = false, errors, disabled, testId }: EventDateInputProps) {
  const { t } = useTranslation();
  const isBetween = value.startDateType === 'between';
  const typeOptions = (types: readonly DateType[]) =>
    types.map((type) => ({ value: type, label: t(`dates.types.${type}`) }));
  const errorText = (field: 'startDate' | 'endDate') => {
    const code = errors?.[field];
    return code ? t(codeKey(code)) : undefined;
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('dates.input.type')}
          data={typeOptions(dateTypes)}
          value={value.startDateType}
          onChange={(event) => {
            const type = event.currentTarget.value;
            if (isDateType(type)) onChange(changeStartType(value, type, allowRange));
          }}
          disabled={disabled}
          w={150}
          data-testid="date-type"
        />
        <DateInput
          label={allowRange || isBetween ? t('dates.input.start') : t('dates.input.date')}
          value={value.startDate}
          onChange={(startDate) => onChange({ ...value, startDate })}
          error={errorText('startDate')}
          disabled={disabled}
          testId="date-start"
        />
        {isBetween && (
          <DateInput
            label={t('dates.input.end')}
            value={value.endDate}
            onChange={(endDate) => onChange({ ...value, endDate })}
            error={errorText('endDate')}
            disabled={disabled}
            testId="date-end"
          />
        )}
      </Group>
      {showsEndDate(value, allowRange) && !isBetween && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('dates.input.endType')}
            data={typeOptions(dateTypes.filter((type) => type !== 'between'))}
            value={value.endDateType}
            onChange={(event) => {
              const type = event.currentTarget.value;
              if (isDateType(type)) onChange({ ...value, endDateType: type });
            }}
            disabled={disabled || value.endDate === ''}
            w={150}
            data-testid="date-end-type"
          />
          <DateInput
            label={t('dates.input.end')}
            description={t('dates.input.endHint')}
            value={value.endDate}
            onChange={(endDate) => onChange({ ...value, endDate })}
            error={errorText('endDate')}
            disabled={disabled}
            testId="date-end"
          />
        </Group>
      )}
    </Stack>
  );
}
