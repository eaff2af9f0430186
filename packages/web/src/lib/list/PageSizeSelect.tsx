import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPageSizeChoice, type PageSizeChoice, pageSizeChoices } from './page-size-choice.ts';

interface PageSizeSelectProps {
  value: PageSizeChoice;
  onChange: (choice: PageSizeChoice) => void;
  testId?: string;
}

/** Rows per page: as many as fit the screen, or 20, 50 or 100 (issue 19, item 15). */
export function PageSizeSelect({ value, onChange, testId }: PageSizeSelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('list.pageSize.label')}
      title={t('list.pageSize.label')}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isPageSizeChoice(next)) onChange(next);
      }}
      data={pageSizeChoices.map((choice) => ({
        value: choice,
        label: choice === 'fit' ? t('list.pageSize.fit') : t('list.pageSize.rows', { n: choice }),
      }))}
      w={130}
      data-testid={testId}
    />
  );
}
