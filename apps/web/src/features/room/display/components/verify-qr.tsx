import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { usePublicUrl, verifyAddress } from '@/api/public-address';

/** A public game id the server minted ('G' + 10 Crockford characters): only those have a /verify page. */
const SERVER_GAME_ID = /^G[0-9A-HJKMNP-TV-Z]{10}$/;

/** The QR code's modules (dark = true) with a quiet zone of 4 around them, as the standard asks. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 4 }).data;
}

/** One path of unit squares, one per dark module: crisp at any size. */
function QrSvg({ text, label }: { text: string; label: string }) {
  const modules = qrModules(text);
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x},${y}h1v1h-1z`;
    });
  });
  const size = modules.length;
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr={text}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="block aspect-square w-full"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/**
 * The QR code of this game's public check, `<PUBLIC_URL>/verify/<gameId>` (decision 074), for the hall to scan
 * from its seats: large, black on white with its quiet zone, the game id in text beside it. Shown from the first
 * call on, and only for a game the server knows (an id it minted).
 */
export function VerifyQr({ gameId, calls }: { gameId: string; calls: number }) {
  const { t } = useTranslation();
  const base = usePublicUrl();
  if (calls === 0 || !SERVER_GAME_ID.test(gameId)) return null;
  const address = verifyAddress(base, gameId);
  return (
    <section
      aria-label={t('roomDisplay.verify.title')}
      className="flex shrink-0 items-center gap-[calc(var(--u)*1.5)]"
    >
      <div className="size-[calc(var(--u)*17)] shrink-0 rounded-[calc(var(--u)*0.5)] bg-white">
        <QrSvg text={address} label={t('roomDisplay.verify.qr', { address })} />
      </div>
      <div className="flex min-w-0 flex-col gap-[calc(var(--u)*0.6)]">
        <h2 className="font-bold text-[calc(var(--u)*2.2)] leading-tight">{t('roomDisplay.verify.title')}</h2>
        <p className="font-black font-mono text-[calc(var(--u)*2.4)] tracking-wide">{gameId}</p>
        <p className="break-all font-mono text-[calc(var(--u)*1.1)] text-white/70">{address}</p>
      </div>
    </section>
  );
}
