import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/utils';
import { AGENT_ID, makeAssigned, renderInApp } from '../testing';
import { AssignCartelasDialog } from './assign-cartelas-dialog';

function setup() {
  const fetchMock = mockApi({
    [`POST /api/cartelas/agent/${AGENT_ID}/assign`]: ({ body }) =>
      json(200, {
        message: 'ok',
        assignedCartelas: (body as { cartelaNumbers: number[] }).cartelaNumbers.map((n) => makeAssigned(n)),
      }),
    [`GET /api/cartelas/agent/${AGENT_ID}`]: json(200, { assignedCartelas: [] }),
    'GET /api/users/agents': json(200, { agents: [] }),
  });
  const onClose = vi.fn();
  renderInApp(
    <AssignCartelasDialog
      agentId={AGENT_ID}
      agentName="agent1"
      held={new Set([1, 2, 3])}
      onClose={onClose}
    />,
  );
  const sent = () => {
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    return call ? JSON.parse(String(call[1]!.body)) : undefined;
  };
  return { sent, onClose, user: userEvent.setup() };
}

describe('Assign cartelas dialog', () => {
  it('offers 1-300 with the held ones disabled, and Assign only once one is chosen', async () => {
    const { user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Assign cartelas to agent1' });
    const numbers = within(within(dialog).getByRole('list', { name: 'Cartela numbers' })).getAllByRole(
      'button',
    );
    expect(numbers).toHaveLength(300);
    expect(screen.getByRole('button', { name: 'Cartela 2' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Balanced/ })).toBeChecked();
    const assign = screen.getByRole('button', { name: 'Assign 0 cartelas' });
    expect(assign).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cartela 5' }));
    expect(screen.getByRole('button', { name: 'Cartela 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Assign 1 cartela' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cartela 5' }));
    expect(screen.getByRole('button', { name: 'Assign 0 cartelas' })).toBeDisabled();
  });

  it('adds a range without the held ones, and assigns global cards', async () => {
    const { user, sent, onClose } = setup();
    await user.type(await screen.findByLabelText('From'), '2');
    await user.type(screen.getByLabelText('To'), '6');
    await user.click(screen.getByRole('button', { name: 'Add range' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Global/ }));
    await user.click(screen.getByRole('button', { name: 'Assign 3 cartelas' }));

    expect(await screen.findByText('Assigned 3 cartelas to agent1')).toBeInTheDocument();
    expect(sent()).toEqual({ cartelaNumbers: [4, 5, 6], useBalancedCards: false });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a range outside 1-300', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('From'), '250');
    await user.type(screen.getByLabelText('To'), '301');
    await user.click(screen.getByRole('button', { name: 'Add range' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'Enter numbers from 1 to 300, the first not above the last',
    );
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });
});
