import { vi } from 'vitest';

/**
 * What jsdom lacks for the charts: `matchMedia` (every query answers `wide`: a laptop, or a phone when false)
 * and `ResizeObserver` (never called back). The charts then render at no size, so their code runs; how they look
 * is checked in Chromium. Not in the setup: toasts ask `matchMedia` too, and every other test has none.
 */
export function stubLayout({ wide = true }: { wide?: boolean } = {}): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
