/** A rate as stored, 12.345 -> '12.345%' (up to the contract's 4 decimals): the one rule in lib/percent.ts. */
export { usePercent as useRate } from '@/lib/percent';
