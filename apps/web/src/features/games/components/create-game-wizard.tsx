import type { CreateGameRequest } from '@cartela/contract';
import { MAX_STAKE_ETB, MONEY_LEVELS_ETB, PATTERN_IDS, type PatternId, santimToEtb } from '@cartela/core';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { Check, Play } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlayableCartelas } from '@/api/cartelas';
import { useCreateGame, useGames } from '@/api/games';
import { QueryState } from '@/components/load-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { currentLanguage } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { shortGameId, useFormat } from '@/lib/format';
import type { NextGamePrefill } from '@/lib/next-game';
import { paths } from '@/lib/paths';
import { refreshSession, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { newIdempotencyKey } from '../utils/idempotency';
import { cartelasInPlay, numberList } from '../utils/selection';
import { CartelaStep } from './cartela-step';
import { ChosenSummary } from './chosen-summary';
import { GameTotals, gameTotals } from './game-totals';
import { customAmount, MoneyStep } from './money-step';
import { PatternStep } from './pattern-step';

const STEPS = ['money', 'pattern', 'cartelas'] as const;
type Step = (typeof STEPS)[number];

/** Spec 9's default: full house, when the admin enabled it for the agent; else the agent's first pattern. */
const DEFAULT_PATTERN: PatternId = 'full-house';

/** The preset money levels the wizard offers, as the spec's 'Money level item' (kept on the game). */
const MONEY_LEVELS = MONEY_LEVELS_ETB.map((amount) => ({ amount, label: `${amount} Birr` }));

/**
 * The room's voice speed (product/voices.md#voice-manager). The voice manager does not keep a speed of its own yet
 * (nothing sets one), so the game keeps the default.
 */
const VOICE_SPEED = 1;

/** The agent's enabled patterns in core's order (all of them if the session does not say). */
function enabledPatterns(mine: readonly PatternId[] | null | undefined): PatternId[] {
  return mine ? PATTERN_IDS.filter((p) => mine.includes(p)) : [...PATTERN_IDS];
}

interface Failure {
  /** The spec's text: 'Insufficient virtual coins' (402), the server's message, or 'Failed to create game'. */
  title: string;
  /** Why, when the server could not say (no connection). */
  reason?: string;
}

function failureOf(error: unknown, t: TFunction): Failure {
  if (error instanceof ApiError && (error.status === 402 || error.code === 'INSUFFICIENT_COINS')) {
    return { title: t('games.wizard.insufficient') };
  }
  if (error instanceof ApiError && error.message)
    return { title: errorText(error, t('games.wizard.failed')) };
  const reason = errorText(error, '');
  return reason ? { title: t('games.wizard.failed'), reason } : { title: t('games.wizard.failed') };
}

/**
 * A refusal (4xx) means no game was made, so trying again is a new submission with a new key (the server
 * answers 409 to a key reused for another game). Without an answer (the network, a 5xx) the game may exist: a
 * retry carries the same key, and the server answers with that game instead of making a second one.
 */
const isDefinitiveRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The server's refusal of cartelas already in a game not over (409 CONFLICT, reason CARTELA_IN_PLAY). */
const isInPlay = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.reason === 'CARTELA_IN_PLAY';

/**
 * A CARTELA_IN_PLAY refusal under the cartelas: in English the server's message (it names the cartelas and the
 * game); in Amharic and Oromo the same facts from the agent's games this page knows, else the refusal's kind.
 */
function inPlayText(
  error: ApiError,
  selected: ReadonlySet<number>,
  inPlay: ReadonlyMap<number, string>,
  t: TFunction,
): string {
  if (currentLanguage() === 'en' && error.message) return error.message;
  const held = [...selected].filter((n) => inPlay.has(n));
  if (held.length === 0) return t('games.wizard.cartelas.inPlayUnknown');
  const games = [...new Set(held.map((n) => `#${shortGameId(inPlay.get(n)!)}`))].join(', ');
  return t('games.wizard.cartelas.inPlay', { count: held.length, list: numberList(held), games });
}

function Stepper({ step }: { step: Step }) {
  const { t } = useTranslation();
  const current = STEPS.indexOf(step);
  return (
    <ol className="mb-5 flex items-center gap-2 text-sm">
      {STEPS.map((s, i) => (
        <li
          key={s}
          // The current step takes the room its name needs (an Oromo name is long on a phone); the others share
          // the rest.
          className={clsx('flex min-w-0 items-center gap-2', i === current ? 'flex-auto' : 'flex-1')}
          aria-current={i === current ? 'step' : undefined}
        >
          <span
            className={clsx(
              'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
              i < current && 'bg-success-600 text-white',
              i === current && 'bg-brand-600 text-white',
              i > current && 'bg-surface-muted text-ink-muted ring-1 ring-line ring-inset',
            )}
            aria-hidden="true"
          >
            {i < current ? <Check className="size-4" /> : i + 1}
          </span>
          <span
            className={clsx(
              'truncate',
              i === current ? 'font-semibold text-ink' : 'text-ink-muted max-sm:sr-only',
            )}
          >
            {t(`games.wizard.steps.${s}`)}
          </span>
          {i < STEPS.length - 1 && <span className="h-px min-w-3 flex-1 bg-line" aria-hidden="true" />}
        </li>
      ))}
    </ol>
  );
}

/**
 * Create New Game (product/screens.md#create-game-wizard): Money Level -> Pattern -> Cartelas, with Back, then
 * Start Game. The request carries an Idempotency-Key made once per submission, so a retry after a lost answer
 * cannot create two games (or charge the coins twice). On success the room of the new game opens.
 */
export function CreateGameWizard({
  onClose,
  prefill = null,
}: {
  onClose: () => void;
  /**
   * 'Next game' (issue 19): the last game's stake, pattern and cartelas, already chosen (each still editable);
   * the wizard then opens on its last step, Start Game one click away.
   */
  prefill?: NextGamePrefill | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { user } = useSession();
  const cartelas = usePlayableCartelas();
  const create = useCreateGame();
  // The agent's newest games (the list's first page, usually in the cache already): a game still running is
  // among them, and its cartelas are marked. The server is the judge (CARTELA_IN_PLAY); this only warns.
  const games = useGames('agent', 1);
  const inPlay = useMemo(() => cartelasInPlay(games.data?.games), [games.data]);

  const [step, setStep] = useState<Step>(prefill ? 'cartelas' : 'money');
  const prefillPreset = prefill && MONEY_LEVELS_ETB.includes(prefill.stake) ? prefill.stake : null;
  const [preset, setPreset] = useState<number | null>(prefillPreset);
  const [custom, setCustom] = useState(prefill && prefillPreset === null ? String(prefill.stake) : '');
  const patterns = enabledPatterns(user?.winningPatterns);
  const [chosen, setPattern] = useState<PatternId | null>(() =>
    prefill && (PATTERN_IDS as readonly string[]).includes(prefill.patternId)
      ? (prefill.patternId as PatternId)
      : null,
  );
  const pattern =
    chosen && patterns.includes(chosen)
      ? chosen
      : patterns.includes(DEFAULT_PATTERN)
        ? DEFAULT_PATTERN
        : (patterns[0] ?? null);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(prefill?.cartelas ?? []));
  // A prefilled cartela no longer assigned to the agent is dropped once the agent's cartelas are known.
  const assigned = cartelas.data;
  useEffect(() => {
    if (!assigned) return;
    setSelected((current) =>
      [...current].every((n) => assigned.has(n))
        ? current
        : new Set([...current].filter((n) => assigned.has(n))),
    );
  }, [assigned]);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** A refusal of the cartelas themselves, shown under them until the selection changes. */
  const [cartelaRefusal, setCartelaRefusal] = useState<string | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const shortId = useId();

  const stake = preset ?? customAmount(custom);
  const stakeValid = Number.isInteger(stake) && stake >= 1 && stake <= MAX_STAKE_ETB;
  // Too few coins for this game: Start Game waits and says why; the server would refuse it anyway (402). The
  // coins are read again once, in case the admin topped them up since the page opened (decision 085).
  const totals = user && stakeValid ? gameTotals({ stake, players: selected.size, user }) : null;
  const short = !!totals?.insufficient && selected.size > 0;
  useEffect(() => {
    if (short) void refreshSession();
  }, [short]);

  function start() {
    if (pattern === null || short) return;
    // The create payload (product/screens.md#create-game-wizard): the game keeps the wizard's own fields (its
    // settings in the history).
    const body: CreateGameRequest = {
      stake,
      cartelaNumbers: [...selected].sort((a, b) => a - b),
      selectedPattern: pattern,
      numberOfPlayers: selected.size,
      gameMode: 'specific-pattern',
      enabledPatterns: patterns,
      moneyLevels: MONEY_LEVELS,
      customMoneyLevel: preset === null ? customAmount(custom) : 0,
      voiceSpeed: VOICE_SPEED,
    };
    const fingerprint = JSON.stringify(body);
    // The same game asked for again (Start after a lost answer) keeps its key; a changed one gets a new key.
    if (submission.current?.body !== fingerprint) {
      submission.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    setFailure(null);
    setCartelaRefusal(null);
    create.mutate(
      { body, idempotencyKey: submission.current.key },
      {
        onSuccess: ({ gameId }) => {
          notify.success(t('games.wizard.created'));
          onClose();
          navigate(paths.gameRoom(gameId));
        },
        onError: (error) => {
          if (isDefinitiveRefusal(error)) submission.current = null;
          if (isInPlay(error)) {
            const text = inPlayText(error, selected, inPlay, t);
            setCartelaRefusal(text);
            notify.error(text);
            // The marks catch up with the game the server named.
            void games.refetch();
            return;
          }
          const next = failureOf(error, t);
          setFailure(next);
          notify.error(next.title, { description: next.reason });
        },
      },
    );
  }

  const stepIndex = STEPS.indexOf(step);
  const back = () => setStep(STEPS[Math.max(0, stepIndex - 1)]!);
  const forward = () => setStep(STEPS[Math.min(STEPS.length - 1, stepIndex + 1)]!);

  let body: ReactNode;
  let footer: ReactNode;
  if (step === 'money') {
    body = (
      <MoneyStep
        preset={preset}
        custom={custom}
        onPreset={(amount) => {
          setPreset(amount);
          setCustom('');
        }}
        onCustom={(text) => {
          setCustom(text);
          setPreset(null);
        }}
        onSubmit={() => stakeValid && forward()}
      />
    );
    footer = (
      <>
        {stake > 0 && (
          <p className="mr-auto self-center text-sm font-medium text-ink">
            {t('games.wizard.money.chosen', { amount: format.etb(stake) })}
          </p>
        )}
        {/* product/screens.md#create-game-wizard: Continue is shown only once there is an amount. */}
        {stake > 0 && (
          <Button onClick={forward} disabled={!stakeValid}>
            {t('games.wizard.continue')}
          </Button>
        )}
      </>
    );
  } else if (step === 'pattern') {
    body = <PatternStep patterns={patterns} pattern={pattern} onChange={setPattern} />;
    footer = (
      <>
        <Button variant="outline" onClick={back}>
          {t('games.wizard.back')}
        </Button>
        <Button onClick={forward} disabled={pattern === null}>
          {t('games.wizard.next')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        {pattern !== null && (
          <ChosenSummary
            stake={stake}
            pattern={pattern}
            repeated={!!prefill && prefill.stake === stake && prefill.patternId === pattern}
            onChangeStake={() => setStep('money')}
            onChangePattern={() => setStep('pattern')}
          />
        )}
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="min-w-0">
            <QueryState
              query={cartelas}
              loading={t('games.wizard.cartelas.loading')}
              failed={t('games.wizard.cartelas.loadFailed')}
            />
            {cartelas.data?.size === 0 && (
              <Alert tone="info" role="status" className="mb-4">
                {t('games.wizard.cartelas.none')}
              </Alert>
            )}
            {cartelas.data && (
              <CartelaStep
                assigned={cartelas.data}
                selected={selected}
                inPlay={inPlay}
                refusal={cartelaRefusal}
                onChange={(next) => {
                  setCartelaRefusal(null);
                  setSelected(next);
                }}
              />
            )}
          </div>
          <div className="space-y-3">
            {user && <GameTotals stake={stake} players={selected.size} user={user} />}
            {failure && (
              <Alert role="alert" title={failure.title}>
                {failure.reason}
              </Alert>
            )}
          </div>
        </div>
      </>
    );
    const prize = totals?.prize ?? null;
    footer = (
      <>
        {/* Why Start Game waits, beside it at every width (the totals say it too, below the grid on a phone). */}
        {short && totals && user && (
          <p id={shortId} className="mr-auto self-center text-sm font-medium text-danger-700">
            {t('games.wizard.shortOfCoins', {
              cost: format.number(totals.coinCost),
              coins: format.number(user.virtualCoins),
            })}
          </p>
        )}
        {/* On a phone the totals are below the grid: the prize stays in sight beside Start Game. */}
        {!short && prize !== null && selected.size > 0 && (
          <p className="mr-auto self-center text-sm text-ink-muted lg:hidden">
            {t('games.wizard.summary', { count: selected.size, prize: format.etb(santimToEtb(prize)) })}
          </p>
        )}
        <Button variant="outline" onClick={back} disabled={create.isPending}>
          {t('games.wizard.back')}
        </Button>
        <Button
          onClick={start}
          disabled={selected.size === 0 || short}
          aria-describedby={short ? shortId : undefined}
          loading={create.isPending}
          icon={Play}
        >
          {create.isPending ? t('games.wizard.starting') : t('games.wizard.start')}
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // A game on its way is not abandoned half-way: the dialog stays until the server answers.
        if (!open && !create.isPending) onClose();
      }}
      title={t('games.wizard.title')}
      description={t('games.wizard.progress', { step: stepIndex + 1, name: t(`games.wizard.steps.${step}`) })}
      className={step === 'cartelas' ? 'sm:max-w-4xl' : 'sm:max-w-xl'}
      footer={footer}
    >
      <Stepper step={step} />
      {body}
    </Dialog>
  );
}
