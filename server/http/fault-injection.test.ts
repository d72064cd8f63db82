import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '@/server/http/app-env';
import { faultInjection, parseFaultRule } from '@/server/http/fault-injection';

const appWith = (random = () => 0) => {
  const app = new Hono<AppEnv>();
  app.use('*', faultInjection({ delayMs: 50, random }));
  app.get('/v1/thing', (c) => c.json({ data: { ok: true } }));
  app.get('/tpp/index.html', (c) => c.text('portal'));
  return app;
};
const withFault = (value: string) => ({ headers: { cookie: `tpp_fault=${value}` } });

describe('fault injection', () => {
  it('reads the cookie: mode, path prefix and share', () => {
    expect(parseFaultRule('500')).toEqual({ mode: '500', pathPrefix: '/', share: 1 });
    expect(parseFaultRule('garbage@/v1/dashboard~0.25')).toEqual({
      mode: 'garbage',
      pathPrefix: '/v1/dashboard',
      share: 0.25,
    });
    expect(parseFaultRule('explode')).toBeNull();
    expect(parseFaultRule('500~2')).toBeNull();
    expect(parseFaultRule(undefined)).toBeNull();
  });

  it('leaves requests without the cookie alone', async () => {
    const res = await appWith().request('/v1/thing');
    expect(await res.json()).toEqual({ data: { ok: true } });
  });

  it('fails API calls with 500', async () => {
    const res = await appWith().request('/v1/thing', withFault('500'));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: 'Sorry, something went wrong', injected: true });
  });

  it('answers 200 with a body that does not match the contract', async () => {
    const res = await appWith().request('/v1/thing', withFault('garbage'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: 'not what the portal expects', injected: true });
  });

  it('delays the answer', async () => {
    const started = Date.now();
    const res = await appWith().request('/v1/thing', withFault('delay'));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('only touches the path prefix it names, and never the portal files', async () => {
    expect((await appWith().request('/v1/thing', withFault('500@/v1/other'))).status).toBe(200);
    expect((await appWith().request('/tpp/index.html', withFault('500'))).status).toBe(200);
  });

  it('fails only the given share of requests', async () => {
    expect((await appWith(() => 0.3).request('/v1/thing', withFault('500~0.25'))).status).toBe(200);
    expect((await appWith(() => 0.2).request('/v1/thing', withFault('500~0.25'))).status).toBe(500);
  });
});

describe('the fault-injection switch', () => {
  it('is off unless FAULT_INJECTION=1, and refused in production', async () => {
    const { readConfig } = await import('@/server/config');
    expect(readConfig({}).faultInjection).toBe(false);
    expect(readConfig({ FAULT_INJECTION: '1', NODE_ENV: 'test' }).faultInjection).toBe(true);
    expect(() => readConfig({ FAULT_INJECTION: '1', NODE_ENV: 'production' })).toThrow(/production/);
  });
});
