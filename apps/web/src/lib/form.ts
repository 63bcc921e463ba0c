/**
 * Helpers for @mantine/form with the domain's zod schemas:
 *
 * - `zodResolver(schema)`: a synchronous `validate` function for `useForm` (Mantine's own Standard
 *   Schema resolver; zod 4 schemas are Standard Schemas). The first message per field wins, and the
 *   domain schemas order their rules as docs/product.md#validation does.
 * - `focusFirstInvalid(errors, formName?)`: after a failed submit, focuses the invalid field that
 *   comes first on screen, so keyboard and screen-reader users land on what needs fixing.
 */
import { schemaResolver, type FormErrors } from '@mantine/form';

type StandardSchema = Parameters<typeof schemaResolver>[0];

export function zodResolver(schema: StandardSchema): (values: unknown) => FormErrors {
  return schemaResolver(schema, { sync: true });
}

export function focusFirstInvalid(errors: FormErrors, formName?: string): void {
  const nodes = Object.keys(errors)
    .map((path) => document.querySelector<HTMLElement>(`[data-path="${formName ? `${formName}-${path}` : path}"]`))
    .filter((node): node is HTMLElement => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  nodes[0]?.focus();
}
