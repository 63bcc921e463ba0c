/**
 * Every input the product accepts, as zod schemas with the product's exact messages
 * (docs/product.md#validation). The API parses requests with the `*Input` schemas; the web forms
 * validate with the `*FormSchema` ones, so a message reads the same on screen and in an API answer.
 * Within a field the first failing rule's message comes first.
 *
 * Placement (docs/architecture.md#input-schemas): every zod schema of the domain lives in this
 * folder, one file per area named after the router that takes it (`auth`, `users`, `rides`,
 * `passengers`, `quotes`, `vendors`, `border`, `notifications`, `calendar`, `live-events`, `push`); a form
 * schema sits beside the input it mirrors; the field builders they share are in `fields.ts`. The
 * rule modules beside this folder hold no schemas: they export the messages and limits a schema
 * reads, and import nothing from here but types.
 * `passengers`, `quotes`, `vendors`, `border`, `notifications`, `calendar`, `live-events`,
 * `alerts`); a form schema sits beside the input it mirrors; the field builders they share are in
 * `fields.ts`. The rule modules beside this folder hold no schemas: they export the messages and
 * limits a schema reads, and import nothing from here but types.
 */
export {
  DISCORD_USERNAME_RULE,
  formNumber,
  formText,
  idInput,
  idParam,
  idParamMessage,
  isCalendarDate,
  isSafeText,
  hasVisibleCharacter,
  invisibleTextMessage,
  isVisibleName,
  nullableText,
  sgdAmount,
  unsafeTextMessage,
} from './fields';
export * from './auth';
export * from './users';
export * from './vendors';
export * from './notifications';
export * from './rides';
export * from './passengers';
export * from './quotes';
export * from './border';
export * from './calendar';
export * from './live-events';
export * from './series';
export * from './push';
export * from './alerts';
export * from './payments';
export * from './messages';
export * from './trips';
export * from './record';
