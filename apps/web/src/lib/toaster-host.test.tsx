// Where the toasts sit (decision 085): at the top on a phone too, below the navigation bar, never over the
// buttons at the bottom of the wizard and the room.
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify, ToasterHost } from './toast';

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() },
  props: [] as Record<string, unknown>[],
}));
vi.mock('sonner', () => ({
  toast: sonner.toast,
  Toaster: (props: Record<string, unknown>) => {
    sonner.props.push(props);
    return null;
  },
}));

/** A phone's screen: every media query of a narrow width matches. */
function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /max-width/.test(query),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the toaster', () => {
  it('puts the toasts at the top on a phone too, below the navigation bar, not over the buttons at the bottom', async () => {
    onAPhone();
    render(<ToasterHost />);
    notify.success('Game finished');
    await waitFor(() => expect(sonner.props.length).toBeGreaterThan(0));
    const props = sonner.props.at(-1)!;
    expect(props.position).toMatch(/^top-/);
    expect(props.mobileOffset).toEqual({ top: '4.75rem' });
    // The desktop's place is the spec's: top right, below the bar.
    expect(props.offset).toEqual({ top: '4.75rem', right: '1rem' });
    expect(props.visibleToasts).toBe(20);
  });
});
