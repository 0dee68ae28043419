import type { AvailableVoicePack } from '@cartela/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUser, json, makeUser, mockApi, renderApp, storeSession } from '@/test/utils';
import { type FileAnswer, fakePackServer, fakeVoiceManager } from '../../testing';
import { setVoiceManager } from '../../voice-runtime';

const AM: AvailableVoicePack = {
  id: 'default-am',
  name: 'አማርኛ (Amharic)',
  language: 'am',
  kind: 'default',
  fileBase: '/assets/voices/',
  version: 'v1',
};
const EN: AvailableVoicePack = {
  ...AM,
  id: 'default-en',
  name: 'English',
  language: 'en',
  fileBase: '/assets/voices/en/',
};
const HALL: AvailableVoicePack = {
  id: '6a1e0c2d-0000-4000-8000-000000000001',
  name: 'Abebe',
  language: 'am',
  kind: 'custom',
  fileBase: '/api/voice-packs/6a1e0c2d-0000-4000-8000-000000000001/files/',
  version: 'h1',
};

/** A manager whose fetch serves each pack from its own fake server. */
function voices(answers: Record<string, FileAnswer> = {}) {
  const servers = new Map(
    [AM, EN, HALL].map((p) => [p.fileBase, fakePackServer(answers, { base: p.fileBase })]),
  );
  const fake = fakeVoiceManager({
    fetch: (url, init) => {
      const base = [...servers.keys()].sort((a, b) => b.length - a.length).find((b) => url.startsWith(b))!;
      return servers.get(base)!.fetch(url, init);
    },
  });
  setVoiceManager(fake.manager);
  return { ...fake, servers };
}

afterEach(() => setVoiceManager(null));

function openAsAgent(extra: Parameters<typeof mockApi>[0] = {}) {
  const agent = makeUser();
  storeSession(agent);
  const fetchMock = mockApi({
    'GET /api/auth/me': json(200, { user: agent }),
    'GET /api/voice-packs/available': json(200, { packs: [AM, EN, HALL], selected: 'default-am' }),
    ...extra,
  });
  renderApp('/settings/voice');
  return fetchMock;
}

describe('settings: voice', () => {
  it("loads the agent's pack with its progress, previews calls, and saves another pack", async () => {
    const { context, servers } = voices();
    const fetchMock = openAsAgent({
      'PUT /api/voice-packs/selected': ({ body }) =>
        json(200, { selected: (body as { packId: string }).packId }),
    });
    const select = await screen.findByRole('combobox', { name: 'Voice pack' });
    expect(select).toHaveValue('default-am');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['አማርኛ (Amharic)', 'English', "Abebe (your hall's)"]);
    expect(
      await screen.findByText('Ready: all 75 numbers and 11 special sounds are on this device.'),
    ).toBeInTheDocument();
    expect(servers.get(AM.fileBase)!.total()).toBe(86);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'N-42' }));
    await waitFor(() => expect(context.audible()).toEqual(['n-voices/n42.mp3']));
    await user.click(screen.getByRole('button', { name: 'Good bingo' }));
    await waitFor(() => expect(context.audible()).toEqual(['Goodbingo.m4a']));

    // Another pack is loaded as soon as it is chosen, so it can be heard before it is saved.
    await user.selectOptions(select, 'default-en');
    expect(await screen.findByText(/^Ready: all 75 numbers/)).toBeInTheDocument();
    expect(servers.get(EN.fileBase)!.total()).toBe(86);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Voice pack saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/voice-packs/selected')!;
    expect(put[1]!.method).toBe('PUT');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ packId: 'default-en' });
    expect(JSON.parse(localStorage.getItem('voicePack')!)).toEqual(EN);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows the progress while a pack loads', async () => {
    const held: Array<() => void> = [];
    const server = fakePackServer();
    const fake = fakeVoiceManager({
      fetch: (url, init) =>
        url.endsWith('.m4a')
          ? new Promise((resolve) => held.push(() => resolve(server.fetch(url, init))))
          : server.fetch(url, init),
    });
    setVoiceManager(fake.manager);
    openAsAgent();
    const bar = await screen.findByRole('progressbar', { name: 'Preloading voices...' });
    // 7 special sounds are .m4a; 6 of them hold the workers, so the rest waits too.
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(75));
    expect(screen.getByRole('button', { name: 'B-1' })).toBeDisabled();
    await act(async () => {
      while (held.length) held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 50));
      while (held.length) held.shift()!();
    });
    expect(await screen.findByText(/^Ready: all 75 numbers/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'B-1' })).toBeEnabled();
  });

  it('says when a pack is incomplete, and loads it again on request', async () => {
    const { servers } = voices({ 'b-voices/b3.mp3': 'missing' });
    openAsAgent();
    expect(await screen.findByText('Some voice files could not be loaded')).toBeInTheDocument();
    expect(
      screen.getByText('1 file is missing. Numbers without a recording are spoken by the browser.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load again' }));
    await waitFor(() => expect(servers.get(AM.fileBase)!.requests.get('b-voices/b3.mp3')).toBe(2));
  });

  it('says when the packs cannot be had, and tries again', async () => {
    voices();
    let answer = json(500, { message: 'Database unavailable', code: 'INTERNAL' });
    openAsAgent({ 'GET /api/voice-packs/available': () => answer });
    expect(
      await screen.findByText('Could not load the voice packs', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    answer = json(200, { packs: [AM, EN], selected: 'default-en' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Voice pack' })).toHaveValue('default-en');
  });

  it('is an agent section of the settings; the admin is told voice packs are for agents', async () => {
    storeSession(adminUser());
    const fetchMock = mockApi({ 'GET /api/auth/me': json(200, { user: adminUser() }) });
    renderApp('/settings/voice');
    expect(await screen.findByText('Voice packs are chosen by agents')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).queryByRole('link', { name: 'Voice Settings' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('voice-packs'))).toBe(false);
  });

  it('shows the agent a Voice Settings section', async () => {
    voices();
    openAsAgent();
    const sections = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getByRole('link', { name: 'Voice Settings' })).toHaveAttribute(
      'href',
      '/settings/voice',
    );
  });
});
