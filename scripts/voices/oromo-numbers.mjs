// The Afaan Oromoo number words for 1-99, as a caller says them (decision 078): the tens take -ii before a unit
// ('digdama' 20, 'digdamii tokko' 21), the teens are 'kudha' and the unit ('kudha shan' 15).

const UNITS = ['', 'tokko', 'lama', 'sadii', 'afur', 'shan', 'jaha', 'torba', 'saddeet', 'sagal'];
const TENS = [
  '',
  'kudhan',
  'digdama',
  'soddoma',
  'afurtama',
  'shantama',
  'jaatama',
  'torbaatama',
  'saddeettama',
  'sagaltama',
];

/** 1-99 in Oromo words, e.g. 15 -> 'kudha shan', 75 -> 'torbaatamii shan'. */
export function oromoNumber(n) {
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new RangeError(`oromoNumber: ${n} is not in 1-99`);
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 0) return UNITS[unit];
  if (unit === 0) return TENS[tens];
  if (tens === 1) return `kudha ${UNITS[unit]}`;
  return `${TENS[tens].slice(0, -1)}ii ${UNITS[unit]}`;
}
