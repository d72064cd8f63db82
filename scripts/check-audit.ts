/**
 * Issue 3's dependency gate: `npm audit --omit=dev` (the runtime dependencies, those the portal and the server ship)
 * with no high or critical finding. Prints the count per severity and fails on any high or critical finding, naming
 * each package.
 *
 * npm audit asks the registry's advisory service (a POST). A registry that refuses it cannot be audited: this
 * machine's answers 405 Method Not Allowed (it allows GET and HEAD only). The script then prints NOT CHECKED with the
 * registry's answer, and fails only when AUDIT_REQUIRED=1: a check it could not make is never reported as passed,
 * and a machine whose registry answers gets the gate.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
const BLOCKING: readonly Severity[] = ['high', 'critical'];

export type AuditOutcome =
  | { readonly kind: 'refused'; readonly reason: string }
  | {
      readonly kind: 'report';
      readonly counts: Readonly<Record<Severity, number>>;
      /** Each package with a high or critical finding, and its severity. */
      readonly blocking: readonly { readonly name: string; readonly severity: Severity }[];
    };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What `npm audit --json` printed: its report, or why the registry gave none. */
export function readAudit(output: string): AuditOutcome {
  let json: unknown;
  try {
    json = JSON.parse(output);
  } catch {
    return { kind: 'refused', reason: `npm audit printed no report: ${output.trim().slice(0, 200) || '(nothing)'}` };
  }
  if (!isRecord(json) || !isRecord(json.metadata) || !isRecord(json.metadata.vulnerabilities)) {
    const message = isRecord(json) && typeof json.message === 'string' ? json.message : JSON.stringify(json);
    return { kind: 'refused', reason: message.slice(0, 300) };
  }
  const found = json.metadata.vulnerabilities;
  const counts = Object.fromEntries(
    SEVERITIES.map((severity) => [severity, typeof found[severity] === 'number' ? found[severity] : 0]),
  ) as Record<Severity, number>;
  const vulnerabilities = isRecord(json.vulnerabilities) ? json.vulnerabilities : {};
  const blocking = Object.entries(vulnerabilities).flatMap(([name, entry]) => {
    const severity = isRecord(entry) ? entry.severity : undefined;
    return BLOCKING.includes(severity as Severity) ? [{ name, severity: severity as Severity }] : [];
  });
  return { kind: 'report', counts, blocking };
}

/** The lines to print and whether the gate fails. */
export function judge(outcome: AuditOutcome, required: boolean): { lines: string[]; failed: boolean } {
  if (outcome.kind === 'refused')
    return {
      lines: [
        `npm audit --omit=dev: NOT CHECKED, the registry gave no advisory report (${outcome.reason})`,
        required ? 'AUDIT_REQUIRED=1: a dependency audit that cannot run fails' : '',
      ].filter(Boolean),
      failed: required,
    };
  const lines = [
    `npm audit --omit=dev: ${SEVERITIES.map((s) => `${s} ${outcome.counts[s]}`).join(', ')}`,
    ...outcome.blocking.map((f) => `  ${f.severity}: ${f.name}`),
  ];
  const blocking = outcome.counts.high + outcome.counts.critical;
  if (blocking > 0) lines.push(`${blocking} high or critical findings (allowed: none)`);
  return { lines, failed: blocking > 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  const { lines, failed } = judge(readAudit(run.stdout ?? ''), process.env.AUDIT_REQUIRED === '1');
  for (const line of lines) (failed ? console.error : console.log)(line);
  process.exit(failed ? 1 : 0);
}
