import { describe, expect, it } from 'vitest';
import { judge, readAudit } from './check-audit';

/** What `npm audit --json` prints for a report (npm 11, auditReportVersion 2), trimmed to what the script reads. */
const report = (counts: Partial<Record<string, number>>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

/** What it prints when the registry refuses the advisory request, as this machine's does. */
const REFUSED = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  error: { summary: '', detail: '' },
});

describe('check-audit', () => {
  it('passes a report with no high or critical finding, printing every count', () => {
    const { lines, failed } = judge(readAudit(report({ low: 2, moderate: 1 })), false);
    expect(failed).toBe(false);
    expect(lines).toEqual(['npm audit --omit=dev: info 0, low 2, moderate 1, high 0, critical 0']);
  });

  it('fails on a high or a critical finding, naming the packages', () => {
    const outcome = readAudit(
      report(
        { high: 1, critical: 1, low: 1 },
        {
          'left-pad': { severity: 'critical' },
          lodash: { severity: 'high' },
          debug: { severity: 'low' },
        },
      ),
    );
    const { lines, failed } = judge(outcome, false);
    expect(failed).toBe(true);
    expect(lines).toEqual([
      'npm audit --omit=dev: info 0, low 1, moderate 0, high 1, critical 1',
      '  critical: left-pad',
      '  high: lodash',
      '2 high or critical findings (allowed: none)',
    ]);
  });

  it('says NOT CHECKED when the registry refuses, and never that it passed', () => {
    const { lines, failed } = judge(readAudit(REFUSED), false);
    expect(failed).toBe(false);
    expect(lines).toEqual([
      'npm audit --omit=dev: NOT CHECKED, the registry gave no advisory report (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
    ]);
  });

  it('fails on a refusal when the audit is required', () => {
    expect(judge(readAudit(REFUSED), true).failed).toBe(true);
    expect(judge(readAudit('npm error network'), true)).toMatchObject({ failed: true });
  });
});
