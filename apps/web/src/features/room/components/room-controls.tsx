import { clsx } from 'clsx';
import {
  Ban,
  CheckCircle2,
  CloudOff,
  Expand,
  Flag,
  History,
  Hourglass,
  Loader2,
  type LucideIcon,
  MonitorUp,
  Pause,
  Play,
  PlusCircle,
  RefreshCw,
  Repeat,
  Shuffle,
  SkipForward,
} from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { nextGameState } from '@/lib/next-game';
import { paths } from '@/lib/paths';
import type { RoomScreenModel } from './use-room-screen';

function ControlButton({
  icon: Icon,
  children,
  className,
  ...props
}: ComponentProps<typeof Button> & { icon: LucideIcon }) {
  return (
    // Compact on a laptop (lg): the whole row stays in one line above the fold at 1366x800 (issue 19).
    <Button
      size="lg"
      className={clsx('min-h-14 text-base lg:min-h-12 lg:px-3.5 lg:text-sm', className)}
      {...props}
    >
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </Button>
  );
}

/**
 * The room's controls in one wrapping row of 56 px buttons (decision 051), and above them why the round cannot
 * start offline (the order sealed until the first call).
 */
export function RoomControls({ room }: { room: RoomScreenModel }) {
  const { t } = useTranslation();
  const sealedNoticeId = useId();
  const { state, game, can, busy, actions } = room;
  const sealed = room.sealedHere ? { title: t('room.sealed'), 'aria-describedby': sealedNoticeId } : {};
  const paused = state.status === 'paused';
  // Auto Call pressed while paused (or a run paused): it is on and waits for Resume, and says so (decision 084).
  const autoWaits = paused && room.autoRunning;
  const autoWaitsId = useId();
  // Call Next held by the voice (decision 082): why, on the button and beside it.
  const heldId = useId();
  const held =
    room.callHeld === 'voice'
      ? { title: t('room.controls.waitVoice'), 'aria-describedby': heldId }
      : room.callHeld === 'voices'
        ? { 'aria-describedby': heldId }
        : {};
  return (
    <>
      {autoWaits && (
        <p
          id={autoWaitsId}
          role="status"
          className="flex items-start gap-2 rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800"
        >
          <Repeat className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('room.controls.autoOnResume')}
        </p>
      )}
      {room.sealedHere && (
        <p
          id={sealedNoticeId}
          role="status"
          className="flex items-start gap-2 rounded-lg border border-warning-500/60 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-800"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('room.sealed')}
        </p>
      )}
      {room.voicesLoading && (
        <div
          id={room.callHeld === 'voices' ? heldId : undefined}
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-warning-500/60 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-800"
        >
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          <span className="min-w-0 flex-1 tabular-nums">
            {t(
              room.callHeld === 'voices' ? 'room.voices.loading' : 'room.voices.stillLoading',
              room.voicesLoading,
            )}
          </span>
          {room.callHeld === 'voices' && (
            <Button size="sm" variant="outline" onClick={actions.startAnyway}>
              {t('room.voices.startAnyway')}
            </Button>
          )}
        </div>
      )}
      <section
        aria-label={t('room.controls.label')}
        className="flex flex-wrap gap-2 sm:pb-20 lg:pr-20 lg:pb-0"
      >
        {/* What a round needs first, Finish Game among it; Shuffle, Refresh, the display and Fullscreen after: on a
            phone the row wraps, and the round's controls stay nearest the board (decision 085). Once the game
            is over, the next round comes first. */}
        {room.over && !room.readOnly && (
          <Link
            to={paths.games}
            state={nextGameState({
              stake: game?.stake ?? 0,
              patternId: game?.patternId ?? state.patternId,
              cartelas: state.cartelas.map((c) => c.cartelaNumber),
            })}
            className={buttonClasses({ size: 'lg' })}
          >
            <PlusCircle className="size-5" aria-hidden="true" />
            {t('room.controls.nextGame')}
          </Link>
        )}
        {room.over && (
          <Link
            to={paths.gameHistory(room.gameId)}
            className={buttonClasses({ variant: 'outline', size: 'lg' })}
          >
            <History className="size-5" aria-hidden="true" />
            {t('room.controls.history')}
          </Link>
        )}
        <ControlButton
          icon={room.callHeld === 'voice' ? Hourglass : SkipForward}
          onClick={actions.callNext}
          disabled={!can.call}
          loading={busy === 'call-next'}
          className="grow sm:grow-0"
          title={room.allCalled ? t('room.allCalled') : undefined}
          {...sealed}
          {...held}
        >
          {t('room.controls.callNext')}
        </ControlButton>
        {room.callHeld === 'voice' && (
          <span id={heldId} className="sr-only">
            {t('room.controls.waitVoice')}
          </span>
        )}
        <ControlButton
          variant="outline"
          icon={paused ? Play : Pause}
          onClick={actions.pauseResume}
          disabled={!can.pause}
        >
          {paused ? t('room.controls.resume') : t('room.controls.pause')}
        </ControlButton>
        <ControlButton
          variant={room.autoRunning ? 'danger' : 'secondary'}
          icon={Repeat}
          onClick={actions.toggleAuto}
          disabled={!can.auto}
          aria-pressed={room.autoRunning}
          {...(autoWaits ? { 'aria-describedby': autoWaitsId } : {})}
          {...sealed}
        >
          {t(room.autoLabel)}
        </ControlButton>
        {/* The claim key on the button itself (Space is Call Next's): the hall learns it where it looks. */}
        <ControlButton
          variant="outline"
          icon={CheckCircle2}
          onClick={actions.openValidate}
          aria-keyshortcuts="B V"
        >
          {t('room.controls.validate')}
          <span
            aria-hidden="true"
            className="rounded border border-line-strong bg-surface-muted px-1.5 font-mono text-xs leading-5 text-ink-muted"
          >
            B
          </span>
        </ControlButton>
        {room.running && (
          <ControlButton
            variant="danger"
            icon={Flag}
            onClick={() => actions.setFinishOpen(true)}
            disabled={!can.finish}
          >
            {t('room.controls.finish')}
          </ControlButton>
        )}
        <ControlButton
          variant="outline"
          icon={Shuffle}
          onClick={actions.shuffle}
          disabled={!can.shuffle}
          loading={busy === 'shuffle'}
        >
          {t('room.controls.shuffle')}
        </ControlButton>
        <ControlButton variant="outline" icon={RefreshCw} onClick={() => actions.setRefreshOpen(true)}>
          {t('room.controls.refresh')}
        </ControlButton>
        <ControlButton variant="outline" icon={MonitorUp} onClick={actions.openDisplay}>
          {t('room.controls.openDisplay')}
        </ControlButton>
        <ControlButton variant="ghost" icon={Expand} onClick={actions.fullscreen}>
          {t('room.controls.fullscreen')}
        </ControlButton>
        {can.cancel && (
          <ControlButton
            variant="outline"
            icon={Ban}
            onClick={actions.openCancel}
            className="border-danger-200 text-danger-700 hover:bg-danger-50"
          >
            {t('room.controls.cancel')}
          </ControlButton>
        )}
      </section>
    </>
  );
}
