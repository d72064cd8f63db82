/** A field's messages under it, one per line, under the id its control names in `aria-describedby`; none: nothing. */
export function FieldMessages({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {messages.map((m) => (
        <span key={m} className="field-error-line">
          {m}
        </span>
      ))}
    </p>
  );
}

/** The ids of a control's description and messages (under the control's `id`), and the `aria-describedby` naming those shown. */
export function noteIds(id: string, shown: { readonly description: boolean; readonly error: boolean }) {
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [shown.description ? descriptionId : null, shown.error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return { descriptionId, errorId, describedBy: describedBy || undefined };
}
