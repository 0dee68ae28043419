import type { VoicePack } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, json, mockApi, renderApp, storeSession } from '@/test/utils';

const ids = {
  pack: '11111111-1111-4111-8111-111111111111',
  agent1: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  agent2: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
};

function pack(overrides: Partial<VoicePack> = {}): VoicePack {
  const id = overrides.id ?? ids.pack;
  return {
    id,
    _id: id,
    name: 'Abebe',
    language: 'am',
    isActive: true,
    offeredTo: 'all',
    fileCount: 86,
    totalBytes: 2_400_000,
    version: '0123456789abcdef',
    missing: [],
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

const agentUser = (id: string, username: string) => ({
  id,
  _id: id,
  username,
  role: 'agent',
  isActive: true,
  createdAt: '2025-01-15T09:00:00.000Z',
  commissionPercentage: 10,
  financialModel: 'virtual-coin',
  virtualCoins: 0,
});

function open(extra: Parameters<typeof mockApi>[0] = {}, packs: VoicePack[] = [pack()]) {
  storeSession(adminUser());
  const fetchMock = mockApi({
    'GET /api/auth/me': json(200, { user: adminUser() }),
    'GET /api/voice-packs': json(200, { packs }),
    'GET /api/users': json(200, {
      users: [agentUser(ids.agent1, 'agent1'), agentUser(ids.agent2, 'agent2')],
    }),
    ...extra,
  });
  renderApp('/voice-packs');
  return fetchMock;
}

describe('[ADMIN] voice packs page', () => {
  it('lists the packs with their language, files, size, offer and state', async () => {
    open({}, [
      pack(),
      pack({
        id: ids.agent1,
        name: 'Sara',
        language: 'en',
        isActive: false,
        offeredTo: { agentIds: [ids.agent1] },
        missing: ['winning.mp3'],
        totalBytes: 900_000,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Voice packs' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Abebe.*Amharic.*86.*2\.3 MB.*All agents.*Active/);
    expect(rows[2]).toHaveTextContent(/Sara.*1 sound missing.*English.*879 KB.*1 agent.*Off/);
  });

  it('uploads a zip as its raw body and shows the report', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    let sent: { url: string; init: RequestInit } | null = null;
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init = {}) => {
      if (init.method === 'POST') {
        sent = { url: String(input), init };
        return json(201, {
          message: 'uploaded',
          pack: pack({ name: 'Kebede', missing: ['shuffling.mp3'] }),
          report: {
            accepted: Array.from({ length: 85 }, (_, i) => `f${i}`),
            missing: ['shuffling.mp3'],
            rejected: [
              { path: 'readme.txt', code: 'NOT_IN_PACK', reason: 'not a file of a voice pack' },
              {
                path: 'winning.mp3',
                code: 'TOO_SMALL',
                reason: '9,999 bytes: a voice file has at least 10,000',
                bytes: 9999,
              },
              { path: 'b-voices/b1.mp3', code: 'ENCRYPTED', reason: 'encrypted' },
            ],
          },
        });
      }
      return inner(input, init);
    });

    await user.click(await screen.findByRole('button', { name: 'Upload Voice Pack' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a zip file')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Kebede');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'en');
    const zip = new File([new Uint8Array([0x50, 0x4b, 5, 6])], 'kebede.zip', { type: '' });
    await user.upload(within(dialog).getByLabelText('Zip file'), zip);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const report = await screen.findByRole('dialog', { name: 'Kebede is ready' });
    expect(within(report).getByText('85 files accepted')).toBeInTheDocument();
    expect(within(report).getByText('shuffling.mp3')).toBeInTheDocument();
    expect(within(report).getByText('readme.txt')).toBeInTheDocument();
    expect(within(report).getByText(/not a file of a voice pack/)).toBeInTheDocument();
    // Each reason is worded on the screen from its code (so in Amharic too), with its numbers formatted.
    expect(within(report).getByText(/9,999 bytes: a voice file has at least 10,000/)).toBeInTheDocument();
    expect(within(report).getByText(/encrypted: save the zip without a password/)).toBeInTheDocument();
    const request = sent as unknown as { url: string; init: RequestInit };
    expect(request.url).toBe('/api/voice-packs?name=Kebede&language=en');
    expect(new Headers(request.init.headers).get('Content-Type')).toBe('application/zip');
    expect(request.init.body).toBeInstanceOf(Blob);
    expect((request.init.body as Blob).size).toBe(4);
  });

  it("shows the server's refusal of a bad zip in the dialog", async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init = {}) =>
      init.method === 'POST'
        ? json(413, { code: 'PAYLOAD_TOO_LARGE', message: 'b-voices/b1.mp3 unpacks to more than 1 MB' })
        : inner(input, init),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload Voice Pack' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Bomb');
    await user.upload(within(dialog).getByLabelText('Zip file'), new File(['x'], 'bomb.zip'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'b-voices/b1.mp3 unpacks to more than 1 MB',
    );
  });

  it('offers a pack to chosen agents', async () => {
    const user = userEvent.setup();
    const update = vi.fn(({ body }: { body: unknown }) => {
      void body;
      return json(200, { pack: pack({ offeredTo: { agentIds: [ids.agent2] } }) });
    });
    open({ [`PUT /api/voice-packs/${ids.pack}`]: update });
    await user.click(await screen.findByRole('button', { name: 'Edit Abebe' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen agents' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'agent2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![0].body).toEqual({ offeredTo: { agentIds: [ids.agent2] } });
  });

  it("holds an edit to the upload form's rule for a name", async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => json(200, { pack: pack() }));
    open({ [`PUT /api/voice-packs/${ids.pack}`]: update });
    await user.click(await screen.findByRole('button', { name: 'Edit Abebe' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(update).not.toHaveBeenCalled();
  });

  it('deletes a pack after asking', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => json(200, { message: 'Voice pack deleted' }));
    open({ [`DELETE /api/voice-packs/${ids.pack}`]: remove });
    await user.click(await screen.findByRole('button', { name: 'Delete Abebe' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Abebe?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  });
});
