import { type Gender, genders } from '@anor/core';
import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GenderIcon } from './GenderIcon.tsx';

interface GenderControlProps {
  value: Gender;
  onChange: (gender: Gender) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}

/** The four genders as one segmented choice. */
export function GenderControl({ value, onChange, label, testId, disabled }: GenderControlProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl<Gender>
      fullWidth
      value={value}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      data={genders.map((gender) => ({
        value: gender,
        label: (
          <Group gap={4} wrap="nowrap" justify="center">
            <GenderIcon gender={gender} size={14} />
            <span>{t(`person.gender.${gender}`)}</span>
          </Group>
        ),
      }))}
    />
  );
}
