import type { FieldValues, Path } from 'react-hook-form';
import type { ContractForm } from '@/lib/form';

/** A number input's registration: the form holds a number (NaN while the input is empty, which the schema refuses). */
export function numberInput<V extends FieldValues, T>(form: ContractForm<V, T>, name: Path<V>) {
  return { ...form.input(name), ...form.register(name, { valueAsNumber: true }) };
}
