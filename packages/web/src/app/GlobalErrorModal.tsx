import { Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../lib/Modal.tsx';
import { closeGlobalError, useIsGlobalErrorOpen } from './global-error.ts';

/** "An error occurred. Please try again or contact us." with contact-us and close buttons (SPEC §2, §8). */
export function GlobalErrorModal() {
  const { t } = useTranslation();
  const isOpen = useIsGlobalErrorOpen();
  const navigate = useNavigate();

  const contactUs = () => {
    closeGlobalError();
    void navigate('/contact');
  };

  return (
    <Modal
      opened={isOpen}
      onClose={closeGlobalError}
      title={
        <Group gap="xs">
          <IconAlertCircle aria-hidden color="var(--mantine-color-red-7)" />
          <Text fw={600}>{t('shell.errorTitle')}</Text>
        </Group>
      }
      centered
      transitionProps={{ duration: 200 }}
      data-testid="global-error-dialog"
    >
      <Text mb="lg">{t('common.error.generic')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={contactUs}>
          {t('shell.contactUs')}
        </Button>
        <Button onClick={closeGlobalError} data-autofocus>
          {t('common.close')}
        </Button>
      </Group>
    </Modal>
  );
}
