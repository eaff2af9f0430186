import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, languageNames } from './index.ts';

type LanguageButtonProps = Omit<ButtonProps, 'children'> & ComponentPropsWithRef<'button'> & { fullWidth: boolean };

/** The language selector's button: the same whether its menu has loaded yet or not. */
export function LanguageButton({ fullWidth, ...others }: LanguageButtonProps) {
  // useTranslation re-renders this component when the language changes.
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Button
      variant="subtle"
      color="gray"
      fullWidth={fullWidth}
      justify={fullWidth ? 'space-between' : 'center'}
      leftSection={<IconLanguage aria-hidden size={18} />}
      rightSection={<IconChevronDown aria-hidden size={14} />}
      aria-label={`${t('language.label')}: ${languageNames[active]}`}
      aria-haspopup="menu"
      data-testid="language-selector"
      {...others}
    >
      {languageNames[active]}
    </Button>
  );
}
