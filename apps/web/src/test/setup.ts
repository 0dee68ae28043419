import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';

afterEach(async () => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});
