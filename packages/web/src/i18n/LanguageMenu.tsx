import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, supportedLanguages } from './index.ts';
import { LanguageButton } from './LanguageButton.tsx';

/** The five languages, each in its own name; the choice is remembered. Opens as it loads (see LanguageSelector). */
export function LanguageMenu({ fullWidth }: { fullWidth: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // It replaces the button that was clicked: focus its own first, so that closing the menu returns the
  // focus there (not to the page), then open.
  useEffect(() => {
    button.current?.focus();
    setIsOpen(true);
  }, []);

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180} opened={isOpen} onChange={setIsOpen}>
      <Menu.Target>
        <LanguageButton ref={button} fullWidth={fullWidth} />
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
