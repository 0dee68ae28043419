import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './badge';

/**
 * The colours of a status: a game's active green, finished red, cancelled grey, paused yellow, any other grey
 * (product/draw.md#game-states); a payment's or an earning's paid green, pending amber, anything else
 * (cancelled) red; an account's, an agreement's or a voice pack's active green, anything else (inactive,
 * ended) grey.
 */
const KINDS = {
  game: {
    tones: { active: 'success', finished: 'danger', cancelled: 'neutral', paused: 'warning' },
    otherwise: 'neutral',
    className: undefined,
  },
  payment: {
    tones: { paid: 'success', pending: 'warning' },
    otherwise: 'danger',
    className: 'whitespace-nowrap',
  },
  active: { tones: { active: 'success' }, otherwise: 'neutral', className: undefined },
} satisfies Record<
  string,
  { tones: Record<string, BadgeTone>; otherwise: BadgeTone; className: string | undefined }
>;

export interface StatusBadgeProps {
  kind: keyof typeof KINDS;
  status: string;
  /** Where the feature keeps the statuses' names ('games.status'); a status without one is shown as it is. */
  texts: string;
  /** More about it on hover (why a game was cancelled). */
  title?: string;
  className?: string;
}

/** A status, named in the interface language, in its colour. */
export function StatusBadge({ kind, status, texts, title, className }: StatusBadgeProps) {
  const { t, i18n } = useTranslation();
  const { tones, otherwise } = KINDS[kind];
  const key = `${texts}.${status}`;
  return (
    <Badge
      tone={(tones as Record<string, BadgeTone>)[status] ?? otherwise}
      className={clsx(KINDS[kind].className, className)}
      title={title}
    >
      {i18n.exists(key) ? t(key as 'common.retry') : status}
    </Badge>
  );
}

/**
 * A game's status, and beside a finished game without a confirmed winner a tag 'No winner': it keeps its fee and
 * coins like any finished game, and whoever reads the lists sees it (product/draw.md#cancelling). `texts` holds
 * `noWinner` beside the statuses. A tag of its own, not a longer badge: each piece stays on one line where the
 * column is narrow (Oromo's words are long).
 */
export function GameStatusBadge({
  game,
  ...props
}: Omit<StatusBadgeProps, 'kind' | 'status'> & { game: { status: string; winners: number } }) {
  const { t } = useTranslation();
  const badge = <StatusBadge kind="game" status={game.status} {...props} />;
  if (game.status !== 'finished' || game.winners > 0) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 max-md:flex-nowrap">
      {badge}
      <Badge tone="neutral" className="whitespace-nowrap" data-testid="no-winner">
        {t(`${props.texts}.noWinner` as 'common.retry')}
      </Badge>
    </span>
  );
}

/** An account's state: active (green) or inactive (grey), named under `texts` ('agents.list'). */
export function ActiveBadge({
  active,
  texts,
  className,
}: {
  active: boolean;
  texts: string;
  className?: string;
}) {
  return (
    <StatusBadge kind="active" texts={texts} status={active ? 'active' : 'inactive'} className={className} />
  );
}
