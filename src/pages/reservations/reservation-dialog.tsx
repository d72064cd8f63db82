import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import './reservation-dialog.css';

export interface ReservationDialogProps {
  /** The dialogue's test id (`cancel-dialog`, `edit-dialog`, `offer-dialog`). */
  readonly testId: string;
  readonly title: string;
  /**
   * Whether what the partner confirms applies now or becomes a request for the team (meta.allowed_actions), said
   * before anything else: the text, and its test id.
   */
  readonly mode?: { readonly kind: 'now' | 'request'; readonly text: string; readonly testId: string };
  /** An answer is awaited: the dialogue cannot be closed (Escape, outside press) until it comes. */
  readonly busy: boolean;
  /** The last send got no answer: the dialogue says so, and confirming again is safe. */
  readonly failed: boolean;
  /** Closed by Escape or a press outside while not busy. */
  onDismiss(): void;
  /** The buttons, in order (the main one last). */
  readonly actions: ReactNode;
  readonly children?: ReactNode;
}

/**
 * The shell of the reservation dialogues (cancel, edit, answer an offer): a React Aria modal (focus moves in, stays
 * in, and goes back on close) with its title, whether the change applies now or is a request, the body, a notice
 * when the last send got no answer, and the buttons. Open while mounted. Props in, markup out.
 */
export function ReservationDialog({
  testId,
  title,
  mode,
  busy,
  failed,
  onDismiss,
  actions,
  children,
}: ReservationDialogProps) {
  const intl = useIntl();
  return (
    <ModalOverlay
      className="resv-modal-overlay"
      isOpen
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open && !busy) onDismiss();
      }}
    >
      <Modal className="resv-modal">
        <Dialog className="resv-dialog" data-testid={testId}>
          <Heading slot="title" className="resv-dialog-title">
            {title}
          </Heading>
          {mode ? (
            <p className={mode.kind === 'now' ? 'alert alert-info' : 'alert alert-warning'} data-testid={mode.testId}>
              {mode.text}
            </p>
          ) : null}
          {children}
          {failed ? (
            <p className="alert alert-danger" role="alert">
              {intl.formatMessage({ id: 'reservations.dialog.noAnswer' })}
            </p>
          ) : null}
          <div className="resv-dialog-actions">{actions}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
