// The public /verify page, drawn with plain DOM (decision 074: no React, so a player's old phone loads a few KB).
// It shows what the server's public answer says of a game and runs the check here, with packages/core's
// checkCallByCall, the same verifier the game history's Verify shows (product/draw.md#the-provably-fair-draw).
import type { PublicGame } from '@cartela/contract';
import { ballLabel, type CallByCallCheck, checkCallByCall } from '@cartela/core';
import { ballColour } from '@/lib/ball-colours';
import { claimStory } from '@/lib/claim-story';
import { formatDateTime, formatEtb, formatNumber, formatTime } from '@/lib/format-text';
import { LANGUAGE_NAMES, LANGUAGES, type Language, text } from './i18n';

/** What the page has to show. */
export type PageState =
  /** /verify without an id: the field to type one. */
  | { kind: 'ask' }
  | { kind: 'loading'; id: string }
  /** No such game (404), or not a game id at all. */
  | { kind: 'unknown'; id: string }
  /** 429: `seconds` from Retry-After. */
  | { kind: 'busy'; id: string; seconds: number }
  | { kind: 'error'; id: string }
  | { kind: 'game'; game: PublicGame; at: Date };

export interface PageActions {
  language: Language;
  setLanguage(language: Language): void;
  /** Check the game with this id (the form). */
  open(id: string): void;
  /** Load the shown game again. */
  reload(): void;
}

type Child = Node | string | null | false | undefined;

/** An element with classes, attributes and children (null, false and undefined children are skipped). */
function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'class') el.className = value;
    else el.setAttribute(name, value);
  }
  for (const child of children)
    if (child !== null && child !== false && child !== undefined) el.append(child);
  return el;
}

const CARD = 'rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6';
const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold focus-visible:outline-3';
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const OUTLINE = `${BUTTON} border border-line-strong bg-surface text-ink hover:bg-surface-muted`;

/** A ball as the hall sees it: its column's colour and 'N-34'. */
const ball = (n: number) =>
  h(
    'span',
    {
      class: `inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums ${ballColour(n)}`,
      'aria-hidden': 'true',
    },
    String(n),
  );

/** The whole page for `state`: header, the state's content, the form to check another game, how it works. */
export function renderPage(root: HTMLElement, state: PageState, actions: PageActions): void {
  const t = (key: string, values?: Record<string, string | number>) => text(actions.language, key, values);
  document.documentElement.lang = actions.language;
  const id = state.kind === 'ask' ? null : state.kind === 'game' ? state.game.gameId : state.id;
  document.title = id ? `${t('title')} · ${id} · Cartela` : `${t('title')} · Cartela`;
  // 'Game G...' only for a game that is there (or on its way); an unknown id is no game.
  const heading = id && (state.kind === 'game' || state.kind === 'loading') ? t('game', { id }) : t('title');
  // (replaceChildren is too new for some old phones' browsers.)
  root.textContent = '';
  root.append(
    h(
      'div',
      { class: 'mx-auto flex max-w-4xl flex-col gap-4 px-4 py-5 sm:px-6 sm:py-8' },
      header(actions, t),
      h('h1', { class: 'text-2xl font-bold sm:text-3xl' }, heading),
      ...content(state, actions, t),
      idForm(state, actions, t),
      how(t),
    ),
  );
}

type T = (key: string, values?: Record<string, string | number>) => string;

function header(actions: PageActions, t: T): HTMLElement {
  const switcher = h('div', { class: 'flex gap-1', role: 'group', 'aria-label': t('language') });
  for (const language of LANGUAGES) {
    const button = h(
      'button',
      {
        type: 'button',
        lang: language,
        'aria-pressed': String(language === actions.language),
        class: `min-h-11 min-w-11 rounded-lg px-3 text-sm font-semibold ${
          language === actions.language ? 'bg-brand-600 text-white' : 'text-ink-muted hover:bg-surface-muted'
        }`,
      },
      LANGUAGE_NAMES[language],
    );
    button.addEventListener('click', () => actions.setLanguage(language));
    switcher.append(button);
  }
  return h(
    'header',
    { class: 'flex items-center justify-between gap-3' },
    h(
      'a',
      { href: '/verify', class: 'flex items-center gap-2 text-lg font-bold text-brand-700' },
      h('img', { src: '/favicon.svg', alt: '', class: 'size-8' }),
      'Cartela',
    ),
    switcher,
  );
}

function notice(
  tone: 'info' | 'success' | 'danger' | 'warning',
  message: string,
  role = 'status',
): HTMLElement {
  const tones = {
    info: 'border-brand-200 bg-brand-50 text-brand-900',
    success: 'border-success-600/40 bg-success-50 text-success-700',
    danger: 'border-danger-200 bg-danger-50 text-danger-700',
    warning: 'border-warning-500/50 bg-warning-50 text-warning-800',
  };
  return h('p', { class: `rounded-xl border px-4 py-3 font-medium ${tones[tone]}`, role }, message);
}

function content(state: PageState, actions: PageActions, t: T): Child[] {
  const retry = () => {
    const button = h('button', { type: 'button', class: OUTLINE }, t('retry'));
    button.addEventListener('click', () => actions.reload());
    return button;
  };
  switch (state.kind) {
    case 'ask':
      return [h('p', { class: 'text-ink-muted' }, t('intro'))];
    case 'loading':
      return [
        h(
          'p',
          { class: 'flex items-center gap-3 text-ink-muted', role: 'status' },
          h('span', {
            class: 'size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent',
            'aria-hidden': 'true',
          }),
          t('loading'),
        ),
      ];
    case 'unknown':
      return [notice('warning', t('unknown', { id: state.id }), 'alert')];
    case 'busy':
      return [notice('warning', t('busy', { seconds: state.seconds }), 'alert'), retry()];
    case 'error':
      return [notice('danger', t('error'), 'alert'), retry()];
    case 'game':
      return gameContent(state.game, state.at, actions, t);
  }
}

const isOver = (game: PublicGame) => game.status === 'finished' || game.status === 'cancelled';

function gameContent(game: PublicGame, at: Date, actions: PageActions, t: T): Child[] {
  const language = actions.language;
  const check = game.seed
    ? checkCallByCall({
        commitment: game.commitment,
        seedHex: game.seed,
        calls: game.calledNumbers,
        shuffles: game.reorderedAfter,
      })
    : null;
  const statusTone = {
    active: 'bg-success-50 text-success-700',
    paused: 'bg-warning-50 text-warning-800',
    finished: 'bg-brand-50 text-brand-800',
    cancelled: 'bg-neutral-100 text-neutral-700',
  }[game.status];
  const fact = (label: string, value: string) =>
    h(
      'div',
      { class: 'flex flex-col gap-0.5' },
      h('dt', { class: 'text-sm text-ink-muted' }, label),
      h('dd', { class: 'font-semibold tabular-nums' }, value),
    );
  const cancelled = game.status === 'cancelled';
  const summary = h(
    'section',
    { class: CARD },
    h(
      'div',
      { class: 'mb-4 flex flex-wrap items-center justify-between gap-2' },
      h(
        'span',
        { class: `rounded-full px-3 py-1 text-sm font-semibold ${statusTone}`, 'data-status': game.status },
        t(`status.${game.status}`),
      ),
      !isOver(game) && refresh(at, actions, t),
    ),
    h(
      'dl',
      { class: 'grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3' },
      fact(t('facts.pattern'), t(`patterns.${game.patternId}`)),
      fact(t('facts.cartelas'), formatNumber(game.cartelaCount, language)),
      fact(t('facts.stake'), formatEtb(game.stake, language)),
      !cancelled && fact(t('facts.prize'), formatEtb(game.prize, language)),
      fact(t('facts.calls'), `${formatNumber(game.calledNumbers.length, language)}/75`),
      fact(t('facts.started'), game.startedAt ? formatDateTime(game.startedAt, language) : t('notStarted')),
      game.finishedAt && fact(t('facts.finished'), formatDateTime(game.finishedAt, language)),
    ),
  );
  return [
    summary,
    cancelled && notice('info', t('cancelled')),
    check ? verdict(check, t) : notice('info', t('running')),
    proof(game, check, t),
    calls(game, check, t),
    isOver(game) && !cancelled && winners(game, language, t),
    isOver(game) && game.claims.length > 0 && claims(game, t),
  ];
}

function refresh(at: Date, actions: PageActions, t: T): HTMLElement {
  const button = h('button', { type: 'button', class: `${OUTLINE} min-h-9 text-sm` }, t('refresh'));
  button.addEventListener('click', () => actions.reload());
  const time = formatTime(at, actions.language, true);
  return h(
    'span',
    { class: 'flex items-center gap-2 text-sm text-ink-muted' },
    t('updated', { time }),
    button,
  );
}

function verdict(check: CallByCallCheck, t: T): Child {
  const v = check.verdict;
  const lines: string[] = [];
  if (v.kind === 'ok') {
    lines.push(check.calls.length === 0 ? t('verdict.noCalls') : t('verdict.ok', { n: check.calls.length }));
  } else if (v.kind === 'mismatch') {
    lines.push(
      t('verdict.mismatch', { index: v.index, actual: ballLabel(v.actual), expected: ballLabel(v.expected) }),
    );
  } else if (v.kind === 'commitment') {
    lines.push(t('verdict.commitment'));
    // A wrong seed gives another order: where it parts from the calls is said too.
    if (check.mismatch) {
      const m = check.mismatch;
      lines.push(
        t('firstDiffers', { index: m.index, actual: ballLabel(m.actual), expected: ballLabel(m.expected) }),
      );
    }
  } else {
    lines.push(t('verdict.invalid'));
  }
  const ok = v.kind === 'ok';
  return h(
    'div',
    {
      class: `rounded-xl border-2 px-4 py-3 text-lg font-semibold ${
        ok
          ? 'border-success-600 bg-success-50 text-success-700'
          : 'border-danger-600 bg-danger-50 text-danger-700'
      }`,
      role: ok ? 'status' : 'alert',
      'data-verdict': v.kind,
    },
    ...lines.map((line) => h('p', {}, line)),
  );
}

function hex(label: string, value: string, extra = ''): HTMLElement {
  return h(
    'div',
    { class: 'flex flex-col gap-1' },
    h('dt', { class: 'text-sm font-medium' }, label),
    h(
      'dd',
      { class: `rounded-lg px-3 py-2 font-mono text-xs break-all ${extra || 'bg-surface-muted'}` },
      value,
    ),
  );
}

/** The commitment, and once it is over the seed, its SHA-256 computed here and whether the two match. */
function proof(game: PublicGame, check: CallByCallCheck | null, t: T): HTMLElement {
  const parts: Child[] = [hex(t('commitment'), game.commitment)];
  if (game.seed) parts.push(hex(t('seed'), game.seed));
  if (check?.computed) {
    const tone = check.commitmentMatches ? 'bg-success-50 text-success-700' : 'bg-danger-50 text-danger-700';
    parts.push(hex(t('computed'), check.computed, tone));
  }
  if (check) {
    parts.push(
      h(
        'p',
        {
          class: `font-medium ${check.commitmentMatches ? 'text-success-700' : 'text-danger-700'}`,
          'data-commitment': check.commitmentMatches ? 'match' : 'mismatch',
        },
        `${check.commitmentMatches ? '✓' : '✗'} ${check.commitmentMatches ? t('commitmentOk') : t('commitmentBad')}`,
      ),
    );
  }
  return h('section', { class: CARD }, h('dl', { class: 'flex flex-col gap-3' }, ...parts));
}

/** Each call in plain words: against the seed once it is known, else the calls so far. */
function calls(game: PublicGame, check: CallByCallCheck | null, t: T): HTMLElement {
  const title = check ? t('calls') : t('callsSoFar');
  const section = h('section', { class: CARD }, h('h2', { class: 'mb-3 text-lg font-semibold' }, title));
  if (game.calledNumbers.length === 0) {
    section.append(h('p', { class: 'text-ink-muted' }, t('noCallsYet')));
    return section;
  }
  const list = h('ol', { class: 'grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3', 'aria-label': title });
  const items = check
    ? check.calls
    : game.calledNumbers.map((number, i) => ({
        index: i + 1,
        number,
        status: 'plain' as const,
        expected: null,
      }));
  for (const c of items) {
    const label = ballLabel(c.number);
    const words =
      c.status === 'ok'
        ? t('call.ok', { index: c.index, ball: label })
        : c.status === 'mismatch'
          ? t('call.mismatch', {
              index: c.index,
              ball: label,
              expected: c.expected === null ? '?' : ballLabel(c.expected),
            })
          : c.status === 'unchecked'
            ? t('call.unchecked', { index: c.index, ball: label })
            : t('call.plain', { index: c.index, ball: label });
    const tone = {
      ok: 'bg-success-50 text-success-700',
      mismatch: 'bg-danger-50 text-danger-700 ring-2 ring-danger-600 font-bold',
      unchecked: 'bg-surface-muted text-ink-subtle',
      plain: 'bg-surface-muted text-ink',
    }[c.status];
    list.append(
      h(
        'li',
        { class: `flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${tone}`, 'data-call': c.status },
        ball(c.number),
        h('span', {}, words),
      ),
    );
  }
  section.append(list);
  if (check?.mismatch) section.append(h('p', { class: 'mt-3 text-sm text-ink-muted' }, t('stopped')));
  if (game.reorderedAfter.length > 0) {
    section.append(
      h(
        'p',
        { class: 'mt-3 text-sm text-ink-muted' },
        t('reordered', { list: game.reorderedAfter.join(', ') }),
      ),
    );
  }
  return section;
}

function winners(game: PublicGame, language: Language, t: T): HTMLElement {
  const section = h(
    'section',
    { class: CARD },
    h('h2', { class: 'mb-3 text-lg font-semibold' }, t('winners')),
  );
  if (game.winners.length === 0) {
    section.append(h('p', { class: 'text-ink-muted' }, t('noWinner')));
    return section;
  }
  const list = h('ul', { class: 'flex flex-col gap-2' });
  for (const w of game.winners) {
    list.append(
      h(
        'li',
        { class: 'font-medium' },
        t('winner', {
          cartela: w.cartelaNumber,
          share: formatEtb(w.prizeShare, language),
          call: w.callCount,
        }),
      ),
    );
  }
  section.append(list);
  return section;
}

/**
 * Every cartela checked, with why it won or lost on its ball (product/draw.md#the-claim-rule): completed by it, or
 * on which earlier ball; games recorded before that was kept say only the decision.
 */
function claims(game: PublicGame, t: T): HTMLElement {
  const list = h('ul', { class: 'flex flex-col gap-1.5' });
  for (const c of game.claims) {
    const good = c.decision === 'good-bingo';
    const story = claimStory(c);
    list.append(
      h(
        'li',
        {
          class: `rounded-lg px-3 py-1.5 text-sm ${good ? 'bg-success-50 text-success-700' : 'bg-surface-muted'}`,
        },
        // A late claim says so, as the room and the history do: core's LATE_CLAIM, not a bare 'blocked'.
        t(good ? 'claim.good' : c.reason === 'LATE_CLAIM' ? 'claim.late' : 'claim.block', {
          cartela: c.cartelaNumber,
          call: c.callCount,
        }),
        story &&
          h(
            'span',
            { class: 'block text-xs font-medium opacity-80', 'data-story': story.kind },
            story.kind === 'completed-here'
              ? t('claim.completedHere')
              : t('claim.completedEarlier', { call: story.call, ball: story.ball, claimed: story.claimed }),
          ),
      ),
    );
  }
  return h('section', { class: CARD }, h('h2', { class: 'mb-3 text-lg font-semibold' }, t('claims')), list);
}

function idForm(state: PageState, actions: PageActions, t: T): HTMLElement {
  const input = h('input', {
    id: 'game-id',
    name: 'gameId',
    class:
      'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 font-mono text-lg uppercase tracking-wider',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: 'G7K2M9QX4TB',
    required: '',
    maxlength: '40',
    'aria-describedby': 'game-id-hint',
  }) as HTMLInputElement;
  const form = h(
    'form',
    { class: `${CARD} flex flex-col gap-2`, action: '/verify', method: 'get' },
    h(
      'label',
      { for: 'game-id', class: 'font-semibold' },
      state.kind === 'ask' ? t('idLabel') : t('otherGame'),
    ),
    h(
      'div',
      { class: 'flex gap-2' },
      input,
      h('button', { type: 'submit', class: `${PRIMARY} shrink-0` }, t('check')),
    ),
    h('p', { id: 'game-id-hint', class: 'text-sm text-ink-muted' }, t('idHint')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (id) actions.open(id);
  });
  return form;
}

function how(t: T): HTMLElement {
  return h(
    'details',
    { class: `${CARD} text-sm` },
    h('summary', { class: 'cursor-pointer font-semibold' }, t('how')),
    h('p', { class: 'mt-2 text-ink-muted' }, t('howText')),
  );
}
