import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';

export interface BookDialogProps {
  /** The booking is under way: the dialogue cannot be closed, and the confirm button says it is busy. */
  readonly isBooking: boolean;
  /** The last attempt got no answer: the dialogue says so, and confirming tries again (with the same key). */
  readonly hasFailed: boolean;
  /** Formatted. */
  readonly amount: string;
  readonly title: string;
  readonly from: string;
  readonly to: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * "Book this job for £X?" (click and claim): a React Aria modal dialogue, so focus moves into it, stays in it, and
 * goes back to the button that opened it; Escape and a click outside cancel, except while the booking is under way.
 * Open while mounted. Props in, markup out.
 */
export function BookDialog(props: BookDialogProps) {
  const intl = useIntl();
  const { isBooking, hasFailed, amount } = props;
  return (
    <ModalOverlay
      className="job-modal-overlay"
      isOpen
      isDismissable={!isBooking}
      isKeyboardDismissDisabled={isBooking}
      onOpenChange={(open) => {
        if (!open && !isBooking) props.onCancel();
      }}
    >
      <Modal className="job-modal">
        <Dialog className="job-dialog" data-testid="book-dialog">
          <Heading slot="title" className="job-dialog-title">
            {intl.formatMessage({ id: 'listing.book.confirmTitle' }, { amount })}
          </Heading>
          <p>
            {intl.formatMessage(
              { id: 'listing.book.confirmBody' },
              { title: props.title, from: props.from, to: props.to },
            )}
          </p>
          {hasFailed ? (
            <p className="alert alert-danger" role="alert">
              {intl.formatMessage({ id: 'listing.book.failed' })}
            </p>
          ) : null}
          <div className="job-dialog-actions">
            <Button className="button button-secondary" onPress={props.onCancel} isDisabled={isBooking}>
              {intl.formatMessage({ id: 'listing.book.cancel' })}
            </Button>
            <Button className="button" onPress={props.onConfirm} isPending={isBooking} data-testid="book-confirm">
              {hasFailed
                ? intl.formatMessage({ id: 'listing.book.retry' })
                : intl.formatMessage({ id: 'listing.book.confirm' }, { amount })}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
