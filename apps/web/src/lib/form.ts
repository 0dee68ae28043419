import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldDescriptionId } from '@/components/ui/label';
import { ApiError } from './api';
import { errorText } from './errors';
import { notify } from './toast';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface ContractFormOptions<S extends FormSchema> {
  /**
   * What the form sends, as the contract checks it: the route's request schema, or a form schema built from
   * its fields (`ProfileUpdateRequest.shape.newPassword.unwrap()`) plus form-only checks such as a
   * confirmation. The server runs the same rules, so what passes here is not refused for its shape.
   */
  schema: S;
  /** Every field of the form, so each input starts controlled and a server error can find its field. */
  defaultValues: DefaultValues<z.input<S>>;
  /** Translated texts by field, shown instead of the schema's English message for that field. */
  messages?: Partial<Record<Path<z.input<S>>, string>>;
}

/** react-hook-form's API, plus the helpers of `useContractForm`. */
export type ContractForm<V extends FieldValues, T> = UseFormReturn<V, unknown, T> & {
  field(name: Path<V>): { id: string; error: string | undefined };
  input(name: Path<V>): UseFormRegisterReturn<Path<V>> & {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string;
  };
  errorOnField(error: unknown, message?: string): boolean;
  showError(error: unknown, fallback: string): void;
};

/** The schema's verdict, with the form's translated texts in place of the contract's English. */
function translated<V extends FieldValues, T>(
  resolver: Resolver<V, unknown, T>,
  messages: Partial<Record<string, string>> = {},
): Resolver<V, unknown, T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const [name, message] of Object.entries(messages)) {
      const error: FieldError | undefined = get(result.errors, name);
      if (error && message) error.message = message;
    }
    return result;
  };
}

/**
 * A form validated by the contract (react-hook-form + the zod resolver, decision 035). On top of
 * react-hook-form's own API it gives the two spreads every field needs, and shows a failed call under the
 * input the server named:
 *
 *   <Field {...form.field('newPassword')} label={t('...')}>
 *     <PasswordInput autoComplete="new-password" {...form.input('newPassword')} />
 *   </Field>
 *
 * `form.handleSubmit(submit)` calls `submit` with the parsed values (the schema's output: trimmed, typed).
 */
export function useContractForm<S extends FormSchema>({
  schema,
  defaultValues,
  messages,
}: ContractFormOptions<S>): ContractForm<z.input<S>, z.output<S>> {
  type Values = z.input<S>;
  const form = useForm<Values, unknown, z.output<S>>({
    resolver: translated(zodResolver(schema) as Resolver<Values, unknown, z.output<S>>, messages),
    defaultValues,
  });
  const prefix = useId();
  const { errors } = form.formState;

  const idOf = (name: Path<Values>) => `${prefix}-${name}`;
  const errorOnField = (error: unknown, message = errorText(error, '')): boolean => {
    if (!(error instanceof ApiError) || !error.field || !message) return false;
    if (get(form.getValues(), error.field) === undefined) return false;
    form.setError(error.field as Path<Values>, { type: 'server', message }, { shouldFocus: true });
    return true;
  };
  const errorOf = (name: Path<Values>): string | undefined =>
    (get(errors, name) as FieldError | undefined)?.message;

  return {
    ...form,
    /** For <Field>: the id its label points to and the message under the input. */
    field: (name: Path<Values>) => ({ id: idOf(name), error: errorOf(name) }),
    /** For the input: its registration, id, and the link from the input to its message. */
    input: (name: Path<Values>) => {
      const invalid = errorOf(name) !== undefined;
      return {
        ...form.register(name),
        id: idOf(name),
        'aria-invalid': invalid || undefined,
        // The line under the input (<Field>'s hint, or the error in its place); a field without one has no
        // element of that id, which assistive technology ignores.
        'aria-describedby': fieldDescriptionId(idOf(name)),
      };
    },
    /**
     * The one way a server error goes under its field: the call's message (its own text by default) under
     * the input the server named (`error.field`, a path such as 'items.0.price') when this form has it, with
     * the focus there. False when the error names no field of this form: the caller shows it its own way.
     */
    errorOnField,
    /** Show a failed call: under its field (`errorOnField`), otherwise as an error toast. */
    showError(error: unknown, fallback: string): void {
      const text = errorText(error, fallback);
      if (!errorOnField(error, text)) notify.error(text);
    },
  };
}
