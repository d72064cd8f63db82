/** The navigation loading bar (spec §2, §4): props in, markup out. */
export function ProgressBar({
  visible,
  percent,
  failed,
  label,
}: {
  visible: boolean;
  percent: number;
  failed: boolean;
  label: string;
}) {
  if (!visible) return null;
  return (
    <div
      className={failed ? 'progress-bar progress-bar-failed' : 'progress-bar'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <div className="progress-bar-fill" style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  );
}
