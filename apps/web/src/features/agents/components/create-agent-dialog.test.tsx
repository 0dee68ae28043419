import { PATTERN_IDS } from '@cartela/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/utils';
import { makeAgent, makeSuperAgent, renderInApp, SUPER_ID, superAgentsAnswer } from '../testing';
import { CreateAgentDialog } from './create-agent-dialog';

const SUPER_AGENTS = [
  makeSuperAgent(),
  makeSuperAgent({ id: 'b5f0d8a2-0000-4000-8000-000000000002', username: 'retired', isActive: false }),
];

function setup(
  createAnswer: Parameters<typeof mockApi>[0][`POST /api/users/agents`] = json(201, {
    message: 'ok',
    agent: makeAgent(),
  }),
) {
  const fetchMock = mockApi({
    'GET /api/super-agents': superAgentsAnswer(SUPER_AGENTS),
    'POST /api/users/agents': createAnswer,
  });
  const onClose = vi.fn();
  renderInApp(<CreateAgentDialog onClose={onClose} />);
  return { fetchMock, onClose, user: userEvent.setup() };
}

const sentBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === '/api/users/agents' && init?.method === 'POST',
  );
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('Create Agent dialog', () => {
  it('opens on Basic Info with the spec defaults: virtual coins, 10%, every pattern, no system share', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create Agent' });
    expect(dialog).toHaveAccessibleDescription('Step 1 of 2: Basic Info');
    expect(screen.getByRole('radio', { name: /Virtual coins/ })).toBeChecked();
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('10');
    expect(screen.queryByLabelText('System share (%)')).not.toBeInTheDocument();
    const patterns = within(dialog).getAllByRole('checkbox');
    expect(patterns).toHaveLength(PATTERN_IDS.length);
    for (const box of patterns) expect(box).toBeChecked();
  });

  it('shows the system share (default 20) only for a commission-share agent', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /Commission share/ }));
    expect(screen.getByLabelText('System share (%)')).toHaveValue('20');
    await user.click(screen.getByRole('radio', { name: /Virtual coins/ }));
    expect(screen.queryByLabelText('System share (%)')).not.toBeInTheDocument();
  });

  it('enables Next only once username and password are filled, and checks the first step before moving on', async () => {
    const { user } = setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'hall7');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '12345');
    expect(next).toBeEnabled();

    // Too short: step 1 stays, with the reason under the password.
    await user.click(next);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Step 1 of 2: Basic Info');

    await user.type(screen.getByLabelText('Password'), '6');
    await user.click(next);
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(
      'Step 2 of 2: Super Agent Assignment',
    );
  });

  it('offers only active super agents, shows the rate (default 20) once one is chosen, and Back keeps step 1', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const select = await screen.findByRole('combobox', { name: 'Super agent' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No Super Agent', 'super1']);
    expect(screen.queryByLabelText('Super agent rate (%)')).not.toBeInTheDocument();
    await user.selectOptions(select, SUPER_ID);
    expect(screen.getByLabelText('Super agent rate (%)')).toHaveValue('20');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveValue('hall7');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
  });

  it('creates the agent with what was chosen and says so', async () => {
    const { user, fetchMock, onClose } = setup();
    await user.type(await screen.findByLabelText('Username'), '  hall7 ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Contact'), '0911 000000');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('checkbox', { name: 'Full House' }));
    await user.click(screen.getByRole('checkbox', { name: 'Four Corners' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Super agent' }), SUPER_ID);
    const rate = screen.getByLabelText('Super agent rate (%)');
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(screen.getByRole('button', { name: 'Create Agent' }));

    expect(await screen.findByText('Agent created successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock)).toEqual({
      username: 'hall7',
      password: 'secret1',
      contact: '0911 000000',
      financialModel: 'virtual-coin',
      commissionPercentage: 10,
      minCommissionPercentage: 10,
      systemCommissionShare: 20,
      winningPatterns: ['four-corners', 'full-house'],
      superAgentId: SUPER_ID,
      superAgentCommissionRate: 12.5,
    });
  });

  it('sends the rates it shows after Back and Next (issue 20: the super agent rate kept its own box)', async () => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.clear(screen.getByLabelText('Commission (%)'));
    await user.clear(screen.getByLabelText('Minimum commission (%)'));
    await user.type(screen.getByLabelText('Minimum commission (%)'), '5');
    await user.type(screen.getByLabelText('Commission (%)'), '7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const select = await screen.findByRole('combobox', { name: 'Super agent' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, SUPER_ID);
    expect(screen.getByLabelText('Super agent rate (%)')).toHaveValue('20');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const rate = await screen.findByLabelText('Super agent rate (%)');
    // What the box shows is what goes.
    expect(rate).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Create Agent' }));
    await screen.findByText('Agent created successfully');
    expect(sentBody(fetchMock)).toMatchObject({
      commissionPercentage: 7,
      minCommissionPercentage: 5,
      superAgentId: SUPER_ID,
      superAgentCommissionRate: Number((rate as HTMLInputElement).value),
    });
    expect(sentBody(fetchMock).superAgentCommissionRate).toBe(20);
  });

  it('sends a super agent rate typed after Back and Next, and a commission changed on the way back', async () => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const select = await screen.findByRole('combobox', { name: 'Super agent' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, SUPER_ID);
    await user.clear(screen.getByLabelText('Super agent rate (%)'));
    await user.type(screen.getByLabelText('Super agent rate (%)'), '15');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const commission = screen.getByLabelText('Commission (%)');
    expect(commission).toHaveValue('10');
    await user.clear(commission);
    await user.type(commission, '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Super agent rate (%)')).toHaveValue('15');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Agent' }));
    await screen.findByText('Agent created successfully');
    expect(sentBody(fetchMock)).toMatchObject({ commissionPercentage: 12, superAgentCommissionRate: 15 });
  });

  it("sets the agent's minimum commission (10 unless changed) and keeps the commission from it", async () => {
    const { user, fetchMock } = setup();
    const minimum = await screen.findByLabelText('Minimum commission (%)');
    expect(minimum).toHaveValue('10');
    expect(minimum).toHaveAccessibleDescription(
      'The lowest commission the agent may set for itself (0-100).',
    );
    await user.type(screen.getByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    const commission = screen.getByLabelText('Commission (%)');
    await user.clear(commission);
    await user.type(commission, '5');

    // Below the minimum: step 1 stays, with the reason under the commission.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(commission).toHaveAccessibleDescription('Must be at least the minimum commission of 10%');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Step 1 of 2: Basic Info');

    await user.clear(minimum);
    await user.type(minimum, '2.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Agent' }));
    await screen.findByText('Agent created successfully');
    expect(sentBody(fetchMock)).toMatchObject({ commissionPercentage: 5, minCommissionPercentage: 2.5 });
  });

  it.each([
    ['a zero-width space', 'agent1\u200B'],
    ['a right-to-left override', 'agent\u202E1'],
    ['a soft hyphen', 'age\u00ADnt1'],
  ])('refuses a username with %s, which would look like another', async (_what, name) => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Username'), name);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Use only visible letters, digits and single spaces, in one alphabet',
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Step 1 of 2: Basic Info');
    expect(sentBody(fetchMock)).toBeUndefined();
  });

  it.each([
    ['\uFF48\uFF41\uFF4C\uFF4C\uFF17', 'hall7'], // fullwidth ｈａｌｌ７
    ['ወኪል 7', 'ወኪል 7'],
  ])('sends the username %j in its one form, %j', async (typed, sent) => {
    const { user, fetchMock } = setup();
    await user.type(await screen.findByLabelText('Username'), typed);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Agent' }));
    await screen.findByText('Agent created successfully');
    expect(sentBody(fetchMock).username).toBe(sent);
  });

  it('refuses to go on without a winning pattern', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose at least one winning pattern')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Step 1 of 2: Basic Info');
  });

  it('brings back step 1 with a taken username under its input (409 naming the field)', async () => {
    const { user, onClose } = setup(
      json(409, { message: 'Username "hall7" is already taken', code: 'CONFLICT', field: 'username' }),
    );
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Agent' }));

    const username = await screen.findByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('Username "hall7" is already taken');
    expect(username).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Step 1 of 2: Basic Info');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Failed to create agent' when the server gives no reason", async () => {
    const { user } = setup(new Response('', { status: 502 }));
    await user.type(await screen.findByLabelText('Username'), 'hall7');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText('Failed to create agent')).toBeInTheDocument();
  });
});
