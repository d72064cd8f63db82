import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * The frame of the journey dialogues (hand back, express interest in several): React Aria's modal with its title,
 * open while mounted. While `sending`, neither a press outside nor Escape closes it: what was sent is being answered.
 */
export function JourneyDialog(props: {
  readonly testId: string;
  readonly title: ReactNode;
  readonly sending: boolean;
  onCancel(): void;
  readonly children: ReactNode;
}) {
  return (
    <ModalOverlay
      className="journey-modal-overlay"
      isOpen
      isDismissable={!props.sending}
      isKeyboardDismissDisabled={props.sending}
      onOpenChange={(isOpen) => {
        if (!isOpen && !props.sending) props.onCancel();
      }}
    >
      <Modal className="journey-modal">
        <Dialog className="journey-dialog" data-testid={props.testId}>
          <Heading slot="title" className="journey-dialog-title">
            {props.title}
          </Heading>
          {props.children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
