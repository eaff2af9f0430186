import type { ChildSummary, PersonSummary } from '@anor/core';
import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { GenderIcon } from './GenderIcon.tsx';

/** The value of the "unknown" other parent in the radio group. */
export const UNKNOWN_PARENT = 'unknown';

interface OtherParentChoiceProps {
  parentName: string;
  partners: PersonSummary[];
  value: string;
  onChange: (value: string) => void;
}

/** A new child's other parent: one of the person's partners, or unknown. */
export function OtherParentChoice({ parentName, partners, value, onChange }: OtherParentChoiceProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('personDialog.otherParent.label')}
      description={t('personDialog.otherParent.description', { name: parentName })}
      value={value}
      onChange={onChange}
      data-testid="person-form-other-parent"
    >
      <Stack gap={6} mt={6}>
        {partners.map((partner) => (
          <Radio
            key={partner.id}
            value={partner.id}
            data-testid="person-form-other-parent-option"
            label={
              <Group gap={4} wrap="nowrap" component="span" miw={0}>
                <GenderIcon gender={partner.gender} size={14} />
                <PersonLabel person={partner} withPlace testId="person-form-other-parent-label" />
              </Group>
            }
          />
        ))}
        <Radio
          value={UNKNOWN_PARENT}
          label={t('personDialog.otherParent.unknown')}
          data-testid="person-form-other-parent-unknown"
        />
      </Stack>
    </Radio.Group>
  );
}

interface ChildrenChoiceProps {
  parentName: string;
  /** The person's children whose other parent is unknown: they may get the partner as parent. */
  candidates: ChildSummary[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** Which of the person's children also get the new partner as their other parent. */
export function ChildrenChoice({ parentName, candidates, value, onChange }: ChildrenChoiceProps) {
  const { t } = useTranslation();
  if (candidates.length === 0) return null;
  return (
    <Checkbox.Group
      label={t('personDialog.partnerChildren.label')}
      description={t('personDialog.partnerChildren.description', { name: parentName })}
      value={value}
      onChange={onChange}
      data-testid="person-form-partner-children"
    >
      <Stack gap={6} mt={6}>
        {candidates.map((child) => (
          <Checkbox
            key={child.id}
            value={child.id}
            label={<PersonLabel person={child} testId="person-form-partner-child-label" />}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
