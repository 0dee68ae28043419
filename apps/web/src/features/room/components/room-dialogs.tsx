import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import type { RoomScreenModel } from './use-room-screen';
import { ValidateDialog, ValidationModal } from './validate-dialog';

// The celebration and the cancel dialog load when first shown, not with the room (the route's budget:
// bench/bundle.mjs); the service worker keeps them offline like the rest.
const WinnerCelebration = lazy(async () => ({
  default: (await import('./winner-celebration')).WinnerCelebration,
}));
const CancelDialog = lazy(async () => ({ default: (await import('./cancel-dialog')).CancelDialog }));

/** The room's dialogs (validate, the claim, refresh, leave, finish, cancel) and the winner's celebration. */
export function RoomDialogs({ room }: { room: RoomScreenModel }) {
  const { t } = useTranslation();
  const { state, game, open, actions } = room;
  return (
    <>
      <ValidateDialog
        open={open.validate}
        onOpenChange={actions.setValidateOpen}
        state={state}
        pin={room.claimPin}
        onShow={actions.showCartela}
        onNotInGame={actions.notInGame}
      />
      <ValidationModal
        cartelaNumber={room.claimCartela}
        state={state}
        pin={room.claimPin}
        readOnly={room.readOnly}
        busy={room.deciding}
        prize={game?.prize ?? null}
        onClose={actions.closeClaim}
        onDecide={actions.decide}
      />
      <ConfirmDialog
        open={open.refresh}
        onOpenChange={actions.setRefreshOpen}
        title={t('room.refreshDialog.title')}
        description={t('room.refreshDialog.body')}
        cancelLabel={t('room.refreshDialog.stay')}
        confirmLabel={t('room.refreshDialog.confirm')}
        onConfirm={actions.refresh}
      />
      {/* Nothing is lost by leaving (the game is kept on this device); the hall's calls stop (decision 085). */}
      <ConfirmDialog
        open={open.leave}
        onOpenChange={actions.setLeaveOpen}
        title={t('room.leaveDialog.title')}
        description={t('room.leaveDialog.body')}
        cancelLabel={t('room.leaveDialog.stay')}
        confirmLabel={t('room.leaveDialog.confirm')}
        onConfirm={actions.leave}
      />
      <ConfirmDialog
        open={open.finish}
        onOpenChange={actions.setFinishOpen}
        title={t('room.finishDialog.title')}
        description={t('room.finishDialog.body')}
        cancelLabel={t('room.finishDialog.cancel')}
        confirmLabel={t('room.finishDialog.confirm')}
        tone="danger"
        loading={room.busy === 'finish'}
        onConfirm={actions.finish}
      />
      {open.cancel && (
        <Suspense fallback={null}>
          <CancelDialog
            open={open.cancel}
            onOpenChange={actions.setCancelOpen}
            coinCost={game?.coinCost}
            online={room.view.online}
            busy={room.busy === 'cancel'}
            failure={room.cancelFailure}
            onConfirm={actions.cancelGame}
          />
        </Suspense>
      )}
      {room.celebrating !== null && (
        <Suspense fallback={null}>
          <WinnerCelebration
            cartelaNumber={room.celebrating}
            prize={game?.prize ?? null}
            winners={state.winners}
            onDone={room.endCelebration}
          />
        </Suspense>
      )}
    </>
  );
}
