import { Center, Loader, Portal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The full-screen spinner shown while a page (or the session) loads. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Portal>
      <Center
        data-testid="full-screen-loader"
        role="status"
        aria-live="polite"
        aria-label={t('shell.loading')}
        pos="fixed"
        inset={0}
        style={{ zIndex: 1000, backgroundColor: 'rgba(255, 255, 255, 0.6)', backdropFilter: 'blur(1px)' }}
      >
        <Loader size="lg" />
      </Center>
    </Portal>
  );
}
