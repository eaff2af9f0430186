import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../lib/Modal.tsx';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { usePersonModalProps } from './layout.ts';
import { personHref } from './paths.ts';

interface GoToPersonModalProps {
  treeId: string;
  currentId: string;
  opened: boolean;
  onClose: () => void;
}

/** The go-to-person button's search: the chosen person's page opens. */
export function GoToPersonModal({ treeId, currentId, opened, onClose }: GoToPersonModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modalProps = usePersonModalProps();
  return (
    <Modal {...modalProps} opened={opened} onClose={onClose} title={t('person.goToPerson.title')}>
      <div data-testid="go-to-person-dialog">
        <PersonSearchList
          treeId={treeId}
          excludeIds={[currentId]}
          selectLabel={t('person.goToPerson.select')}
          onSelect={(person) => {
            onClose();
            void navigate(personHref(treeId, person.id));
          }}
        />
      </div>
    </Modal>
  );
}
