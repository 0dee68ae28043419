import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/utils';
import { AGENT_ID, makeAgent, makeSuperAgent, renderInApp, SUPER_ID, superAgentsAnswer } from '../testing';
import { EditAgentDialog } from './edit-agent-dialog';

const UNDER_SUPER = makeAgent({
  superAgentId: SUPER_ID,
  superAgentCommissionRate: 20,
  superAgent: { superAgentId: SUPER_ID, superAgentUsername: 'super1', superAgentCommissionRate: 20 },
});

function setup(agent = makeAgent()) {
  const fetchMock = mockApi({
    'GET /api/super-agents': superAgentsAnswer([makeSuperAgent()]),
    [`PUT /api/users/agents/${AGENT_ID}`]: ({ body }) =>
      json(200, { message: 'ok', agent: { ...agent, ...(body as object) } }),
  });
  const onClose = vi.fn();
  renderInApp(<EditAgentDialog agent={agent} onClose={onClose} />);
  const sent = () => {
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    return call ? JSON.parse(String(call[1]!.body)) : undefined;
  };
  return { sent, onClose, user: userEvent.setup() };
}

describe('Edit Agent dialog', () => {
  it('keeps the password when it is left blank and sends only what changed', async () => {
    const { user, sent, onClose } = setup();
    await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Leave blank to keep the current password',
    );
    await user.clear(screen.getByLabelText('Contact'));
    await user.type(screen.getByLabelText('Contact'), '0922 111111');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Agent updated successfully')).toBeInTheDocument();
    expect(sent()).toEqual({ contact: '0922 111111' });
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a username and, for a virtual-coin agent, whole coins from 0', async () => {
    const { user, sent } = setup();
    await user.clear(await screen.findByLabelText('Username'));
    const coins = screen.getByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '-3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(coins).toHaveAccessibleDescription('Enter a whole number of coins, 0 or more');

    await user.clear(coins);
    await user.type(coins, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(coins).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toBeUndefined();
  });

  it('sets the coin balance, a new password and the model in one update', async () => {
    const { user, sent } = setup();
    const coins = await screen.findByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '0');
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ password: 'newpass1', virtualCoins: 0 });
  });

  it('has no coin balance for a commission-share agent but its system share', async () => {
    const { user, sent } = setup(
      makeAgent({ financialModel: 'commission-share', systemCommissionShare: 16.6667 }),
    );
    expect(await screen.findByLabelText('System share (%)')).toHaveValue(16.6667);
    expect(screen.queryByLabelText('Virtual coins')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('System share (%)'));
    await user.type(screen.getByLabelText('System share (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('System share (%)')).toHaveAccessibleDescription(
      'Enter a percentage from 0 to 100',
    );
    expect(sent()).toBeUndefined();
  });

  it('sends a new rate with its super agent (a new agreement)', async () => {
    const { user, sent } = setup(UNDER_SUPER);
    const rate = await screen.findByLabelText('Super agent rate (%)');
    await user.clear(rate);
    await user.type(rate, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ superAgentId: SUPER_ID, superAgentCommissionRate: 25 });
  });

  it('removes the super agent with null', async () => {
    const { user, sent } = setup(UNDER_SUPER);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Super agent' }), '');
    expect(screen.queryByLabelText('Super agent rate (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ superAgentId: null });
  });

  it('shows a taken username under its input', async () => {
    mockApi({
      'GET /api/super-agents': superAgentsAnswer([]),
      [`PUT /api/users/agents/${AGENT_ID}`]: json(409, {
        message: 'Username "agent2" is already taken',
        code: 'CONFLICT',
        field: 'username',
      }),
    });
    renderInApp(<EditAgentDialog agent={makeAgent()} onClose={() => {}} />);
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'agent2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Username "agent2" is already taken')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });
});
