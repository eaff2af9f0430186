import { immediateDateProblems, partialDateProblem } from '@anor/core';
import { Group, Input, TextInput } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blurPart,
  changePart,
  type DatePart,
  type DateParts,
  isPartEnabled,
  partsFromValue,
  previousPart,
  valueFromParts,
} from './date-input-model.ts';

interface DateInputProps {
  /** The date as typed so far ("1850-03-12", "185", ""); the form's schema normalises it on submit. */
  value: string;
  onChange: (value: string) => void;
  label: ReactNode;
  description?: ReactNode;
  /**
   * A problem to show (already translated). What is wrong with the typed date itself is shown
   * instead, in its own words: at once for a complete part that cannot be (month 13, 31 April,
   * 29 February 1821), otherwise once a field is left.
   */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

const widths: Record<DatePart, number> = { year: 76, month: 56, day: 56 };

/**
 * One partial date as three small fields, year, month and day, behaving as SPEC §4 says (see
 * `date-input-model.ts`, which holds every rule).
 */
export function DateInput({ value, onChange, label, description, error, required, disabled, testId }: DateInputProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [parts, setParts] = useState<DateParts>(() => partsFromValue(value));
  const [isLeft, setIsLeft] = useState(false);
  const [focusTarget, setFocusTarget] = useState<DatePart | null>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  const monthRef = useRef<HTMLInputElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);

  // The value can change from elsewhere (a reset, a loaded event): show it, unless it is only
  // what the fields already say.
  useEffect(() => {
    setParts((current) => (valueFromParts(current) === value ? current : partsFromValue(value)));
  }, [value]);

  // Focus moves after the render that enables the next field.
  useEffect(() => {
    if (!focusTarget) return;
    const input = { year: yearRef, month: monthRef, day: dayRef }[focusTarget].current;
    input?.focus();
    input?.select();
    setFocusTarget(null);
  }, [focusTarget]);

  const apply = (next: DateParts) => {
    setParts(next);
    const nextValue = valueFromParts(next);
    if (nextValue !== value) onChange(nextValue);
  };

  const handleKeyDown = (part: DatePart) => (event: KeyboardEvent<HTMLInputElement>) => {
    const previous = previousPart(part);
    if (event.key === 'Backspace' && parts[part] === '' && previous) {
      event.preventDefault();
      setFocusTarget(previous);
    }
  };

  const problem = partialDateProblem(valueFromParts(parts));
  const showsProblem = problem !== null && (isLeft || Boolean(error) || immediateDateProblems.includes(problem.code));
  const shownError = showsProblem ? t(problem.code, 'values' in problem ? problem.values : {}) : error;

  const field = (part: DatePart, ref: RefObject<HTMLInputElement | null>) => (
    <TextInput
      ref={ref}
      value={parts[part]}
      onChange={(event) => {
        const change = changePart(parts, part, event.currentTarget.value);
        apply(change.parts);
        if (change.focus) setFocusTarget(change.focus);
      }}
      onBlur={() => {
        apply(blurPart(parts, part));
        setIsLeft(true);
      }}
      onKeyDown={handleKeyDown(part)}
      aria-label={t(`dates.input.${part}`)}
      placeholder={t(`dates.input.${part}Placeholder`)}
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled || !isPartEnabled(parts, part)}
      error={Boolean(shownError)}
      w={widths[part]}
      data-testid={`date-${part}`}
    />
  );

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={shownError}
      required={required}
      data-testid={testId}
    >
      <Group role="group" aria-labelledby={labelId} gap={6} wrap="nowrap" mt={4}>
        {field('year', yearRef)}
        {field('month', monthRef)}
        {field('day', dayRef)}
      </Group>
    </Input.Wrapper>
  );
}
