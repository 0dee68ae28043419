import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { resetSessionStore } from '@/lib/session';

// Pages and their texts are lazy chunks: on a loaded machine (CI on 2 cores) the first import of one can take
// more than the default second. findBy* waits up to 5 s instead; a test that passes only waits as long as needed.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // sonner keeps its toasts in a module singleton: start every test with none.
  (await import('sonner')).toast.dismiss();
  queryClient.clear();
  localStorage.clear();
  resetSessionStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});
