import { useTranslation } from 'react-i18next';
import { MediaGallery } from '../media/index.ts';
import { SOURCE_DIALOG_Z_INDEX, SourceField } from './SourceDialogFrame.tsx';

interface SourceMediaProps {
  treeId: string;
  /** A stored citation or record (a new one gets its files once saved). */
  node: { id: string; kind: 'citation' | 'record' };
  canEdit: boolean;
  onModalChange?: (isOpen: boolean) => void;
}

/**
 * The photos and scans of a citation or record (issue 22), as on persons and events: upload, link
 * one of the tree's files, open, edit. Its own dialogs (the viewer, the details) open above the
 * source dialog.
 */
export function SourceMedia({ treeId, node, canEdit, onModalChange }: SourceMediaProps) {
  const { t } = useTranslation();
  return (
    <SourceField label={t('media.gallery.title')} testId={`${node.kind}-media`}>
      <MediaGallery
        treeId={treeId}
        node={node}
        canEdit={canEdit}
        zIndex={SOURCE_DIALOG_Z_INDEX + 100}
        onModalChange={onModalChange}
      />
    </SourceField>
  );
}
