import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { personMergeHref } from './paths.ts';

interface PersonMergePickModalProps {
  treeId: string;
  personId: string;
  opened: boolean;
  onClose: () => void;
}

/** The person page's "Merge with…": pick the other person, then the merge page shows both side by side. */
export function PersonMergePickModal({ treeId, personId, opened, onClose }: PersonMergePickModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modalProps = usePersonModalProps();
  return (
    <Modal {...modalProps} opened={opened} onClose={onClose} title={t('personMerge.pick')}>
      <div data-testid="person-merge-pick-dialog">
        <PersonSearchList
          treeId={treeId}
          excludeIds={[personId]}
          selectLabel={t('personMerge.action')}
          onSelect={(other) => {
            onClose();
            void navigate(personMergeHref(treeId, personId, other.id));
          }}
        />
      </div>
    </Modal>
  );
}
