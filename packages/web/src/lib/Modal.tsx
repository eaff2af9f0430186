import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What a form does when its save was kept as a contributor's proposal (issue 26): what it does after
 * a successful save, minus what needs the saved object (there is none yet: no new page to open).
 * A dialog closes; an inline editor leaves its editing. `FormError` calls it when it shows the
 * "sent for review" notice, so that no form stays open inviting a second send.
 */
const ProposalCloseContext = createContext<(() => void) | null>(null);

/** The nearest enclosing form's "done after a proposal", if any. */
export function useCloseOnProposal(): (() => void) | null {
  return useContext(ProposalCloseContext);
}

/** Sets what the forms inside do after a proposal (an inline editor, or a dialog's view inside a dialog). */
export function CloseOnProposal({ onProposed, children }: { onProposed: () => void; children: ReactNode }) {
  return <ProposalCloseContext.Provider value={onProposed}>{children}</ProposalCloseContext.Provider>;
}

export interface ModalProps extends MantineModalProps {
  /**
   * How the dialog closes once its form's save went for review. Unsaid: `onClose`. A dialog that
   * asks before closing with unsaved changes passes its plain close: the change is not lost, the
   * proposal holds it.
   */
  onProposed?: () => void;
}

/** Mantine's `Modal`, whose forms close when their save is sent for review (as after a save). */
export function Modal({ onProposed, children, ...props }: ModalProps) {
  return (
    <MantineModal {...props}>
      <ProposalCloseContext.Provider value={onProposed ?? props.onClose}>{children}</ProposalCloseContext.Provider>
    </MantineModal>
  );
}
