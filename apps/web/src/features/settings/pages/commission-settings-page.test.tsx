import type { SessionUser } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Routes } from '@/test/utils';
import { adminUser, json, makeUser, openAs, slow } from '@/test/utils';

function open(user: SessionUser, extra: Routes = {}) {
  const fetchMock = openAs(user, '/settings/commission', extra);
  return fetchMock;
}

describe('settings: commission', () => {
  it("shows a virtual-coin agent's percentage, how it pays, a worked example and its coins", async () => {
    open(makeUser({ commissionPercentage: 10, virtualCoins: 1000 }));
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    expect(input).toHaveValue('10');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('You pay with virtual coins for each game')).toBeInTheDocument();
    expect(screen.getByText('Virtual Coins')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('1,000 coins')).toBeInTheDocument();
    // Worked out by packages/core: 10 x 20 ETB = 200 ETB, 10% of it, a coin per birr of commission.
    expect(
      screen.getByText(
        'Example: 10 cartelas at ETB 20.00 make ETB 200.00: your commission is ETB 20.00 and the prize is ETB 180.00. Such a game costs 20 virtual coins.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it.each([16.6667, 16.67])(
    'says a commission-share agent shares 1/6th when the share is %s',
    async (share) => {
      open(makeUser({ financialModel: 'commission-share', systemCommissionShare: share, virtualCoins: 0 }));
      expect(
        await screen.findByText('You share 1/6th of your commission with admin', {}, slow),
      ).toBeInTheDocument();
      expect(screen.getByText('Commission Share')).toBeInTheDocument();
      expect(screen.queryByText('You pay with virtual coins for each game')).not.toBeInTheDocument();
      expect(screen.getByText('Your financial model does not use coins.')).toBeInTheDocument();
    },
  );

  it('gives any other share as its percentage', async () => {
    open(makeUser({ financialModel: 'commission-share', systemCommissionShare: 20, virtualCoins: 0 }));
    expect(
      await screen.findByText('You share 20% of your commission with admin', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByText(/1\/6th/)).not.toBeInTheDocument();
  });

  it.each(['100.5', '-1', '12.25', ''])('refuses %j: 0 to 100 in steps of 0.1', async (typed) => {
    const fetchMock = open(makeUser({ minCommissionPercentage: 0 }));
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a percentage from 0 to 100, in steps of 0.1')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/profile')).toBe(false);
  });

  it('says which minimum applies, and refuses a percentage below it without asking the server', async () => {
    const fetchMock = open(makeUser({ commissionPercentage: 15, minCommissionPercentage: 12.5 }));
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    expect(input).toHaveAccessibleDescription(
      'Your minimum is 12.5% (set by the admin). Up to 100, in steps of 0.1.',
    );
    expect(input).toHaveAttribute('inputmode', 'decimal');
    for (const typed of ['0', '12.4']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(input).toHaveAccessibleDescription('Enter a percentage from 12.5 to 100, in steps of 0.1');
    }
    // No worked example for a percentage that cannot be saved.
    expect(screen.queryByText(/^Example:/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/profile')).toBe(false);
  });

  it("shows the server's refusal of a percentage under a minimum the admin raised meanwhile", async () => {
    open(makeUser({ commissionPercentage: 15, minCommissionPercentage: 10 }), {
      'PUT /api/auth/profile': json(400, {
        message: 'commissionPercentage: Must be at least your minimum commission of 14%, set by the admin',
        code: 'VALIDATION_FAILED',
        field: 'commissionPercentage',
      }),
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Must be at least your minimum commission of 14%, set by the admin'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the minimum in Amharic', async () => {
    open(makeUser({ language: 'am', commissionPercentage: 15, minCommissionPercentage: 12.5 }));
    const input = await screen.findByLabelText('የኮሚሽን መቶኛ (%)', {}, slow);
    expect(input).toHaveAccessibleDescription('ዝቅተኛው መቶኛዎ 12.5% ነው (በአስተዳዳሪው የተወሰነ)። እስከ 100፣ በ0.1 ደረጃዎች።');
  });

  it("saves the percentage and says 'Commission settings saved successfully!'", async () => {
    const agent = makeUser({ commissionPercentage: 10 });
    const fetchMock = open(agent, {
      'PUT /api/auth/profile': ({ body }) =>
        json(200, { message: 'Profile updated successfully', user: { ...agent, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    await user.clear(input);
    await user.type(input, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Commission settings saved successfully!')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/auth/profile')!;
    expect(put[1]!.method).toBe('PUT');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ commissionPercentage: 12.5 });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).commissionPercentage).toBe(12.5));
    expect(screen.getByLabelText('Commission percentage (%)')).toHaveValue('12.5');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says 'Failed to save settings' when the server gives no reason", async () => {
    open(makeUser(), { 'PUT /api/auth/profile': new Response('', { status: 502 }) });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Commission percentage (%)', {}, slow);
    await user.clear(input);
    await user.type(input, '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
  });

  it('tells the admin that commission does not apply', async () => {
    open(adminUser());
    expect(await screen.findByText('Commission does not apply', {}, slow)).toBeInTheDocument();
    expect(screen.queryByLabelText('Commission percentage (%)')).not.toBeInTheDocument();
  });
});
