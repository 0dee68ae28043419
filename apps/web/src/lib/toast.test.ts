import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { notify } from './toast';

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }));

/** The toast sonner is asked for, once it has loaded (it comes with the first toast). */
const shown = (kind: 'success' | 'error', ...toast: unknown[]) =>
  vi.waitFor(() => expect(sonner[kind]).toHaveBeenLastCalledWith(...toast));

describe('toasts', () => {
  it('keeps sign-in and session toasts 2 s, their errors 4 s', async () => {
    notify.auth.success('Logged out successfully');
    await shown('success', 'Logged out successfully', { duration: 2000 });
    notify.auth.error('Update failed');
    await shown('error', 'Update failed', { duration: 4000 });
  });

  it("keeps the signed-in screens' toasts 4 s, their errors 5 s, by default", async () => {
    notify.success('Payment marked as paid');
    await shown('success', 'Payment marked as paid', { duration: 4000 });
    notify.error('Failed to load commission data', { id: 'commission' });
    await shown('error', 'Failed to load commission data', { duration: 5000, id: 'commission' });
    notify.screen.success('Game created successfully!');
    await shown('success', 'Game created successfully!', { duration: 4000 });
  });

  it("says what failed, with the server's reason under it when it gave one", async () => {
    notify.failure(
      'Failed to mark payment as paid',
      new ApiError(409, 'CONFLICT', 'Payment is already paid'),
    );
    await shown('error', 'Failed to mark payment as paid', {
      duration: 5000,
      description: 'Payment is already paid',
    });
    notify.failure('Failed to rebalance cartelas', new TypeError('Failed to fetch'));
    await shown('error', 'Failed to rebalance cartelas', { duration: 5000 });
  });
});
