import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from '@/components/ui/label';
import { applyLanguage } from '@/i18n';
import { setBusinessTimeZone } from '@/lib/format';
import { BusinessDateInput } from './business-date-input';
import am from './i18n/am.json';
import en from './i18n/en.json';
import om from './i18n/om.json';

afterEach(() => {
  vi.useRealTimers();
  setBusinessTimeZone(null);
});

/** The input in a labelled field, its value kept by the test as a form would keep it. */
function Harness({
  initial = '',
  min,
  max,
  onChange,
}: {
  initial?: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field id="day" label="Day">
        <BusinessDateInput
          id="day"
          value={value}
          min={min}
          max={max}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      </Field>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

async function inAmharic() {
  await act(() => applyLanguage('am'));
}

describe('the business date input', () => {
  it('has the same texts in English, Amharic and Afaan Oromoo', () => {
    expect(Object.keys(am).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(om).sort()).toEqual(Object.keys(en).sort());
  });

  it('is the browser date input in English, giving a Gregorian day', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} max="2026-11-25" />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('max', '2026-11-25');
    await userEvent.setup().type(input, '2026-11-20');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20');
  });

  it('takes an Ethiopian day in Amharic, by month number or name, and gives its Gregorian day', async () => {
    await inAmharic();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Day');
    expect(input).toHaveAttribute('type', 'text');

    await user.type(input, '17/3/2019');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-26');
    expect(input).toHaveAccessibleDescription('እ.ኤ.አ. 26 ኖቬምበር 2026');
    expect(input).not.toHaveAttribute('aria-invalid');

    for (const [text, day] of [
      ['1 መስከረም 2019', '2026-09-11'],
      ['ጳጉሜን 6 2015', '2023-09-11'],
      ['2016-01-01', '2023-09-12'],
      ['30.2.2018 ዓ.ም.', '2025-11-09'],
    ] as const) {
      await user.clear(input);
      await user.type(input, text);
      expect(screen.getByTestId('value'), text).toHaveTextContent(day);
      expect(input).toHaveValue(text); // kept as typed
    }
  });

  it('says so when the text is not a day of the Ethiopian calendar, and gives no day', async () => {
    await inAmharic();
    const onChange = vi.fn();
    render(<Harness initial="2026-11-26" onChange={onChange} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('17 ኅዳር 2019');

    await user.clear(input);
    await user.type(input, '6/13/2018'); // 2018 has a Pagume of 5 days
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/በኢትዮጵያ አቆጣጠር ያለ ቀን አይደለም/);
    // What is being typed stays on screen; a day cleared from outside clears it.
    expect(input).toHaveValue('6/13/2018');
    await user.clear(input);
    await user.type(input, '1/1/2019');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
  });

  it('picks a day on an Ethiopian month with the keyboard, offering none after the last one allowed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00Z') }); // Hidar 17, 2019
    await inAmharic();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} max="2026-11-25" />);
    const user = userEvent.setup();

    const toggle = screen.getByRole('button', { name: 'ከቀን መቁጠሪያው ቀን ይምረጡ' });
    await user.click(toggle);
    const month = await screen.findByRole('table', { name: 'ኅዳር 2019' });
    // Hidar 2019 began on Tuesday 10 November 2026: one empty Monday before it, 30 days.
    expect(within(month).getAllByRole('button')).toHaveLength(30);
    const today = within(month).getByRole('button', { name: /17 ኅዳር 2019/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('aria-disabled', 'true'); // today is not over
    // The focus starts on the last day allowed.
    const last = within(month).getByRole('button', { name: 'ረቡዕ፣ 16 ኅዳር 2019 (25 ኖቬምበር 2026)' });
    await waitFor(() => expect(last).toHaveFocus());

    // A day that is not offered cannot be chosen.
    await user.keyboard('{ArrowRight}');
    expect(today).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();

    // A week back, then the month before and back again.
    await user.keyboard('{ArrowUp}');
    expect(within(month).getByRole('button', { name: /10 ኅዳር 2019/ })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(await screen.findByRole('table', { name: 'ጥቅምት 2019' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /10 ጥቅምት 2019/ })).toHaveFocus();
    await user.keyboard('{PageDown}{ArrowLeft}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith('2026-11-18');
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('9 ኅዳር 2019');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // Escape closes the month and gives the focus back to its button.
    await user.click(toggle);
    const again = await screen.findByRole('table', { name: 'ኅዳር 2019' });
    await waitFor(() =>
      expect(within(again).getByRole('button', { pressed: true, name: /9 ኅዳር 2019/ })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('takes and offers Ethiopian days with the Oromo month and weekday names in Afaan Oromoo', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00Z') }); // Sadaasa 17, 2019
    await act(() => applyLanguage('om'));
    const onChange = vi.fn();
    render(<Harness initial="2026-11-20" onChange={onChange} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Day');
    expect(input).toHaveAttribute('lang', 'om');
    expect(input).toHaveValue('Sadaasa 11, 2019');
    expect(input).toHaveAccessibleDescription(om.gregorian.replace('{{date}}', 'Sadaasa 20, 2026'));

    for (const [text, day] of [
      ['Sadaasa 17, 2019', '2026-11-26'],
      ['17 sadaasa 2019 A.L.I.', '2026-11-26'],
      ['1 Fulbaana 2019', '2026-09-11'],
      ['Qaammee 6 2015', '2023-09-11'],
      ['17/3/2019', '2026-11-26'],
    ] as const) {
      await user.clear(input);
      await user.type(input, text);
      expect(screen.getByTestId('value'), text).toHaveTextContent(day);
    }

    await user.click(screen.getByRole('button', { name: om.openCalendar }));
    const month = await screen.findByRole('table', { name: 'Sadaasa 2019' });
    expect(
      within(month)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('abbr')),
    ).toEqual(['Wiixata', 'Kibxata', 'Roobii', 'Kamiisa', 'Jimaata', 'Sanbata', 'Dilbata']);
    expect(within(month).getAllByRole('columnheader')[0]).toHaveTextContent('Wii');
    await user.click(
      within(month).getByRole('button', { name: 'Roobii, Sadaasa 16, 2019 (Sadaasa 25, 2026)' }),
    );
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
    expect(input).toHaveValue('Sadaasa 16, 2019');
  });

  it("marks today in the server's business time zone", async () => {
    // 22:00 UTC on 25 November: already the 26th (Hidar 17) in Addis Ababa, still the 25th in Chicago.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T22:00:00Z') });
    setBusinessTimeZone('America/Chicago');
    await inAmharic();
    render(<Harness onChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'ከቀን መቁጠሪያው ቀን ይምረጡ' }));
    const month = await screen.findByRole('table', { name: 'ኅዳር 2019' });
    expect(within(month).getByRole('button', { name: /16 ኅዳር 2019/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
  });
});
