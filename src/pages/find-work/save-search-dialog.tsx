import type { FormEvent } from 'react';
import { Dialog, Heading, Modal } from 'react-aria-components';
import { useIntl } from 'react-intl';

/**
 * "Save search": the name to keep the search under. Mounted while open (find work's saved searches) and loaded when
 * the partner first opens it (lazyDialog), so find work's first load carries no modal. The name is the form's until
 * it is sent; an empty name sends nothing.
 */
export default function SaveSearchDialog({ onSave, onClose }: { onSave(name: string): void; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
    if (name) onSave(name);
  };
  return (
    <Modal
      className="modal"
      isDismissable
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Dialog className="dialog">
        <form onSubmit={save}>
          <Heading slot="title">{t('savedSearch.save')}</Heading>
          <label className="field">
            <span>{t('savedSearch.name')}</span>
            <input name="name" required maxLength={100} autoFocus />
          </label>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('app.cancel')}
            </button>
            <button type="submit" className="button">
              {t('savedSearch.save')}
            </button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
