// Amharic number words for the calls, written in Ge'ez script so that espeak-ng's `am` voice reads them as an
// Amharic caller would. 11-19 are 'አሥራ' + the unit (አሥራ አንድ); 21-99 are the tens word + the unit (ሃያ አንድ).

const UNITS = ['', 'አንድ', 'ሁለት', 'ሦስት', 'አራት', 'አምስት', 'ስድስት', 'ሰባት', 'ስምንት', 'ዘጠኝ'];
const TENS = ['', 'አሥር', 'ሃያ', 'ሠላሳ', 'አርባ', 'ሃምሳ', 'ስልሳ', 'ሰባ', 'ሰማንያ', 'ዘጠና'];
/** The tens word when a unit follows: 10 is 'አሥር' alone but 'አሥራ' in 11-19. */
const TENS_BEFORE_UNIT = ['', 'አሥራ', ...TENS.slice(2)];

/** The Amharic words for 1-99, e.g. 75 -> 'ሰባ አምስት'. */
export function amharicNumber(n) {
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new RangeError(`amharicNumber: ${n} is not in 1-99`);
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 0) return UNITS[unit];
  if (unit === 0) return TENS[tens];
  return `${TENS_BEFORE_UNIT[tens]} ${UNITS[unit]}`;
}
