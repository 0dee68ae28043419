import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/i18n';
import { queryClient } from '@/lib/query-client';

afterEach(async () => {
  cleanup();
  // sonner keeps its toasts in a module singleton: start every test with none.
  (await import('sonner')).toast.dismiss();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});
