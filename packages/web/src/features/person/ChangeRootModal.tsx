import type { PersonSummary } from '@anor/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useSetRoot } from './mutations.ts';
import { usePersonName } from './person-name.ts';

interface ChangeRootModalProps {
  treeId: string;
  person: PersonSummary;
  opened: boolean;
  onClose: () => void;
}

/** SPEC §4: the tree's root can be changed after a confirmation; every colour is recomputed. */
export function ChangeRootModal({ treeId, person, opened, onClose }: ChangeRootModalProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const setRoot = useSetRoot(treeId);
  const close = () => {
    setRoot.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('person.makeRoot.title')} centered>
      <Stack gap="md" data-testid="change-root-form">
        <Text>{t('person.makeRoot.text', { name: personName(person) })}</Text>
        <FormError message={setRoot.isError ? t(errorKey(setRoot.error)) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconCrown aria-hidden size={18} />}
            loading={setRoot.isPending}
            onClick={() => setRoot.mutate(person.id, { onSuccess: close })}
            data-testid="change-root-confirm"
          >
            {t('person.makeRoot.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
