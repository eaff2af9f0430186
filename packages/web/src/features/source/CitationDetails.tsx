import { textLimits } from '@anor/core';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SOURCE_DIALOG_Z_INDEX, SourceField, SourceText } from './SourceDialogFrame.tsx';
import type { CitationDetailField, CitationDetails } from './source-form.ts';

/** GEDCOM's QUAY: 0 unreliable … 3 direct and primary evidence. */
const certaintyLevels = ['0', '1', '2', '3'] as const;
/** The select's option for "not assessed" (stored as no value). */
const NONE = 'none';

export function useCertaintyLabel() {
  const { t } = useTranslation();
  return (value: string) =>
    (certaintyLevels as readonly string[]).includes(value)
      ? t(`sources.citation.certaintyLevels.${value as (typeof certaintyLevels)[number]}`)
      : value;
}

/**
 * The citation's details of SPEC §3 (issue 19 item 17): the certainty of the evidence, the date the
 * entry was recorded in the source, and the event and role the source records ("cited from").
 * A GEDCOM import fills them; here they are shown and edited.
 */
export function CitationDetailsFields({
  value,
  onChange,
  errorText,
}: {
  value: CitationDetails;
  onChange: (field: CitationDetailField, text: string) => void;
  errorText: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const certaintyLabel = useCertaintyLabel();
  const options = [
    { value: NONE, label: t('sources.citation.certaintyNone') },
    ...certaintyLevels.map((level) => ({ value: level, label: certaintyLabel(level) })),
    // A value an import brought that is not one of the four stays choosable as it is.
    ...(value.certaintyAssessment && !(certaintyLevels as readonly string[]).includes(value.certaintyAssessment)
      ? [{ value: value.certaintyAssessment, label: value.certaintyAssessment }]
      : []),
  ];
  return (
    <Stack gap="sm" data-testid="citation-details">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('sources.citation.certainty')}
          data={options}
          value={value.certaintyAssessment || NONE}
          allowDeselect={false}
          onChange={(next) => onChange('certaintyAssessment', next === NONE || next === null ? '' : next)}
          comboboxProps={{ zIndex: SOURCE_DIALOG_Z_INDEX + 150 }}
          error={errorText('certaintyAssessment')}
          data-testid="citation-certainty"
        />
        <TextInput
          label={t('sources.citation.recorded')}
          description={t('sources.citation.recordedHint')}
          maxLength={textLimits.citationEvent}
          autoComplete="off"
          value={value.entryRecordingDate}
          onChange={(event) => onChange('entryRecordingDate', event.currentTarget.value)}
          error={errorText('entryRecordingDate')}
          data-testid="citation-recorded"
        />
        <TextInput
          label={t('sources.citation.citedFrom')}
          description={t('sources.citation.citedFromHint')}
          maxLength={textLimits.citationEvent}
          autoComplete="off"
          value={value.eventCitedFrom}
          onChange={(event) => onChange('eventCitedFrom', event.currentTarget.value)}
          error={errorText('eventCitedFrom')}
          data-testid="citation-cited-from"
        />
        <TextInput
          label={t('sources.citation.citedFromRole')}
          maxLength={textLimits.citationEvent}
          autoComplete="off"
          value={value.eventCitedFromRole}
          onChange={(event) => onChange('eventCitedFromRole', event.currentTarget.value)}
          error={errorText('eventCitedFromRole')}
          data-testid="citation-cited-from-role"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The same details as text, for a reader without edit rights. */
export function CitationDetailsView({ value }: { value: CitationDetails }) {
  const { t } = useTranslation();
  const certaintyLabel = useCertaintyLabel();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="citation-details-view">
      <SourceField label={t('sources.citation.certainty')}>
        <SourceText value={value.certaintyAssessment ? certaintyLabel(value.certaintyAssessment) : null} />
      </SourceField>
      <SourceField label={t('sources.citation.recorded')}>
        <SourceText value={value.entryRecordingDate} />
      </SourceField>
      <SourceField label={t('sources.citation.citedFrom')}>
        <SourceText value={value.eventCitedFrom} />
      </SourceField>
      <SourceField label={t('sources.citation.citedFromRole')}>
        <SourceText value={value.eventCitedFromRole} />
      </SourceField>
    </SimpleGrid>
  );
}
