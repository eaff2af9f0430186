import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, supportedLanguages } from './index.ts';

/** The five languages, each in its own name; the choice is remembered. */
export function LanguageSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  // useTranslation re-renders this component when the language changes.
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          fullWidth={fullWidth}
          justify={fullWidth ? 'space-between' : 'center'}
          leftSection={<IconLanguage aria-hidden size={18} />}
          rightSection={<IconChevronDown aria-hidden size={14} />}
          aria-label={`${t('language.label')}: ${languageNames[active]}`}
          data-testid="language-selector"
        >
          {languageNames[active]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            rightSection={language === active ? <IconCheck aria-hidden size={16} /> : null}
            aria-current={language === active ? 'true' : undefined}
            data-testid={`language-option-${language}`}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
