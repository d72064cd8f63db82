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
