import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/utils';
import { AGENT_ID, makeAgent, renderInApp } from '../testing';
import { AddCoinsDialog } from './add-coins-dialog';

const entry = {
  id: 'l-1',
  agentId: AGENT_ID,
  delta: 500,
  balanceBefore: 1000,
  balanceAfter: 1500,
  reason: 'top-up',
  etbAmount: 450,
  gameId: null,
  notes: null,
  createdAt: '2025-01-15T09:00:00.000Z',
};

function setup(answer = json(200, { message: 'ok', agent: makeAgent({ virtualCoins: 1500 }), entry })) {
  const fetchMock = mockApi({ [`POST /api/users/agents/${AGENT_ID}/add-coins`]: answer });
  const onClose = vi.fn();
  renderInApp(<AddCoinsDialog agent={makeAgent()} onClose={onClose} />);
  return { fetchMock, onClose, user: userEvent.setup() };
}

describe('Add Virtual Coins dialog', () => {
  it('shows the current balance and the new one before anything is saved', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('dialog', { name: 'Add Virtual Coins' });
    expect(screen.getByText('Current balance').nextSibling).toHaveTextContent('1,000 coins');
    expect(screen.getByText('New balance').nextSibling).toHaveTextContent('—');

    await user.type(screen.getByLabelText('Coins'), '500');
    expect(screen.getByText('New balance').nextSibling).toHaveTextContent('1,500 coins');
    await user.type(screen.getByLabelText('Coins'), '.5');
    expect(screen.getByText('New balance').nextSibling).toHaveTextContent('—');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an ETB amount of 0 or more (2 decimals) and whole coins from 1', async () => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Amount paid (ETB)'), '10.555');
    await user.type(screen.getByLabelText('Coins'), '0');
    await user.click(screen.getByRole('button', { name: 'Add coins' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Amount paid (ETB)')).toHaveAccessibleDescription(
        'Enter an amount of 0 or more, with at most 2 decimals',
      ),
    );
    expect(screen.getByLabelText('Coins')).toHaveAccessibleDescription(
      'Enter a whole number of coins, at least 1',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['12.5', '12.50', '-5', '1e3', '٣', ' 12 '])(
    "refuses '%s' as coins, keeps it as typed and sends nothing (decision 061)",
    async (text) => {
      const { user, fetchMock } = setup();
      await user.type(await screen.findByLabelText('Amount paid (ETB)'), '100');
      const coins = screen.getByLabelText('Coins');
      await user.type(coins, text);
      expect(coins).toHaveValue(text);
      expect(screen.getByText('New balance').nextSibling).toHaveTextContent('—');
      await user.click(screen.getByRole('button', { name: 'Add coins' }));
      await waitFor(() =>
        expect(coins).toHaveAccessibleDescription('Enter a whole number of coins, at least 1'),
      );
      expect(coins).toHaveValue(text);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it.each(['-5', '1e3', '٣', ' 12 ', '12.555'])(
    "refuses '%s' as the ETB amount and sends nothing",
    async (text) => {
      const { user, fetchMock } = setup();
      const amount = await screen.findByLabelText('Amount paid (ETB)');
      await user.type(amount, text);
      await user.type(screen.getByLabelText('Coins'), '12');
      await user.click(screen.getByRole('button', { name: 'Add coins' }));
      await waitFor(() =>
        expect(amount).toHaveAccessibleDescription('Enter an amount of 0 or more, with at most 2 decimals'),
      );
      expect(amount).toHaveValue(text);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("sends '12' coins for '12.50' ETB", async () => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Amount paid (ETB)'), '12.50');
    await user.type(screen.getByLabelText('Coins'), '12');
    await user.click(screen.getByRole('button', { name: 'Add coins' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ coins: 12, etbAmount: 12.5, notes: null });
  });

  it('adds the coins and says how many, for how much, to whom', async () => {
    const { user, fetchMock, onClose } = setup();
    await user.type(await screen.findByLabelText('Amount paid (ETB)'), '450');
    await user.type(screen.getByLabelText('Coins'), '500');
    await user.type(screen.getByLabelText('Notes'), ' receipt 12 ');
    await user.click(screen.getByRole('button', { name: 'Add coins' }));

    expect(await screen.findByText('Added 500 coins (450.00 ETB) to agent1')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ coins: 500, etbAmount: 450, notes: 'receipt 12' });
  });

  it("shows the server's reason, or 'Failed to add coins'", async () => {
    let answer = json(400, { message: 'Only virtual-coin agents hold coins', code: 'VALIDATION_FAILED' });
    const { user } = setup();
    mockApi({ [`POST /api/users/agents/${AGENT_ID}/add-coins`]: () => answer });
    await user.type(await screen.findByLabelText('Amount paid (ETB)'), '0');
    await user.type(screen.getByLabelText('Coins'), '5');
    await user.click(screen.getByRole('button', { name: 'Add coins' }));
    expect(await screen.findByText('Only virtual-coin agents hold coins')).toBeInTheDocument();

    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Add coins' }));
    await waitFor(() => expect(screen.getByText('Failed to add coins')).toBeInTheDocument());
  });
});
