/**
 * Whether a value holds a control character (Unicode category Cc: U+0000-U+001F, U+007F-U+009F). Schemas refuse
 * such names with a refinement rather than a `pattern`: the OpenAPI document then carries no `\p{...}` class,
 * which the API fuzzer cannot build values for, and the server checks exactly the same rule.
 */
export const hasControlCharacter = (value: string): boolean => /\p{Cc}/u.test(value);
