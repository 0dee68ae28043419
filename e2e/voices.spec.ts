import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { signInAs } from './support/pages';
import { expect, test } from './support/test';

/** Every file of a pack folder (recursively), as paths relative to it; the English pack's sub-folder is skipped. */
function packFiles(dir: string, skip: string[] = []): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const relPath = rel ? `${rel}/${name}` : name;
      if (skip.includes(relPath)) continue;
      if (statSync(path.join(dir, relPath)).isDirectory()) walk(relPath);
      else files[relPath] = readFileSync(path.join(dir, relPath));
    }
  };
  walk('');
  return files;
}

const DEFAULT_PACK_DIR = path.join(process.cwd(), 'apps/web/public/assets/voices');
const PACK_FILE_COUNT = 86;

/** Counts the voice files the page asks the network for (answered or not). */
function countVoiceRequests(page: Page, pattern: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

const ready = (page: Page) =>
  page.getByText(/^Ready: all 75 numbers and \d+ special sounds are on this device\.$/);

test.describe('voices', () => {
  test('[AGENT] the default Amharic pack loads once from the server, then from this device with the network off', async ({
    page,
  }) => {
    test.slow();
    await signInAs(page, 'agent1');
    const fetched = countVoiceRequests(page, /^\/assets\/voices\//);
    await page.goto('/settings/voice');
    await expect(ready(page)).toBeVisible({ timeout: 45_000 });
    // The Amharic pack (the default) at /assets/voices/, every file once; nothing of the English one.
    expect(fetched).toHaveLength(PACK_FILE_COUNT);
    expect(new Set(fetched).size).toBe(PACK_FILE_COUNT);
    expect(fetched.filter((u) => u.includes('/assets/voices/en/'))).toHaveLength(0);

    // The voice files' network is gone: the second visit needs none of it.
    let refused = 0;
    await page.route('**/assets/voices/**', (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.reload();
    await expect(ready(page)).toBeVisible({ timeout: 20_000 });
    expect(refused).toBe(0);
  });

  test('[ADMIN] uploads a hall caller as a zip; the agent chooses it and its voices come from that pack', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `Hall caller ${Date.now().toString(36)}`;
    const zip = zipSync(packFiles(path.join(DEFAULT_PACK_DIR, 'en')), { level: 0 });

    await signInAs(page, 'admin', '/voice-packs');
    await page.getByRole('button', { name: 'Upload Voice Pack' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload Voice Pack' });
    await upload.getByLabel('Name').fill(name);
    await upload.getByLabel('Language').selectOption('en');
    await upload.getByLabel('Zip file').setInputFiles({
      name: 'caller.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(`${PACK_FILE_COUNT} files accepted`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Nothing is missing: the pack is complete.')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('table', { name: 'Voice packs' })).toContainText(name);

    // The agent, on its own device, picks the new pack.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signInAs(agent, 'agent1', '/settings/voice');
    await expect(ready(agent)).toBeVisible({ timeout: 45_000 });
    const fromPack = countVoiceRequests(agent, /^\/api\/voice-packs\/[^/]+\/files\//);
    const select = agent.getByLabel('Voice pack');
    const option = select.getByRole('option', { name: new RegExp(name) });
    await select.selectOption({ label: (await option.textContent()) as string });
    await agent.getByRole('button', { name: 'Save' }).click();
    await expect(agent.getByText('Voice pack saved')).toBeVisible();
    await expect(ready(agent)).toBeVisible({ timeout: 45_000 });
    expect(new Set(fromPack).size).toBe(PACK_FILE_COUNT);

    // The choice is the agent's, kept by the server: a new visit loads that pack again (from this device).
    await agent.reload();
    await expect(select).toHaveValue(/.+/);
    expect(await select.locator('option:checked').textContent()).toContain(name);
    await expect(ready(agent)).toBeVisible({ timeout: 20_000 });

    // Leave agent1 on the default pack for the other tests.
    const token = await agent.evaluate(() => localStorage.getItem('token'));
    const reset = await agent.request.put('/api/voice-packs/selected', {
      headers: { Authorization: `Bearer ${token}` },
      data: { packId: 'default-am' },
    });
    expect(reset.status()).toBe(200);
    await agentContext.close();
  });
});
