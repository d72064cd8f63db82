import { createActor, toPromise } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMockUser, fetchUserInfo, requestMockUserToken } from '@/src/api/session';
import { switchUserActor } from './auth.actors';

vi.mock('@/src/api/session', () => ({
  clearMockUser: vi.fn(),
  fetchUserInfo: vi.fn(),
  requestMockUserToken: vi.fn(),
  requestToken: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const partner = { id: 7, full_name: 'Priya Shah' };
const switchTo = (userId: number) => toPromise(createActor(switchUserActor, { input: { userId } }).start());

beforeEach(() => {
  vi.mocked(clearMockUser)
    .mockReset()
    .mockResolvedValue({} as never);
  vi.mocked(requestMockUserToken)
    .mockReset()
    .mockResolvedValue({ access_token: 'partner-token' } as never);
  vi.mocked(fetchUserInfo).mockReset();
});

describe('switch user', () => {
  it('asks for the mock-user grant, then reads who the session is with the new token', async () => {
    vi.mocked(fetchUserInfo).mockResolvedValue(partner as never);
    await expect(switchTo(7)).resolves.toEqual({ token: 'partner-token', user: partner });
    expect(requestMockUserToken).toHaveBeenCalledWith(7);
    expect(fetchUserInfo).toHaveBeenCalledWith({ noRenew: true, token: 'partner-token' });
    expect(clearMockUser).not.toHaveBeenCalled();
  });

  it("clears the session's mocked user again when the partner's user info cannot be read, and fails", async () => {
    const failure = new Error('user info failed');
    vi.mocked(fetchUserInfo).mockRejectedValue(failure);
    await expect(switchTo(7)).rejects.toBe(failure);
    expect(clearMockUser).toHaveBeenCalledTimes(1);
  });

  it('fails with the user-info failure even when clearing fails too', async () => {
    const failure = new Error('user info failed');
    vi.mocked(fetchUserInfo).mockRejectedValue(failure);
    vi.mocked(clearMockUser).mockRejectedValue(new Error('offline'));
    await expect(switchTo(7)).rejects.toBe(failure);
  });

  it('clears nothing when the grant itself was refused', async () => {
    vi.mocked(requestMockUserToken).mockRejectedValue(new Error('refused'));
    await expect(switchTo(7)).rejects.toThrow('refused');
    expect(clearMockUser).not.toHaveBeenCalled();
  });
});
