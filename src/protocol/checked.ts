/** Result of a call that validates input: `problems` name the field and the allowed range. */
export type Checked<T = void> = { ok: true; value: T } | { ok: false; problems: string[] };
