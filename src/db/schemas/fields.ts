/**
 * Building blocks shared by the schema files. RxDB needs a maxLength on every
 * indexed string and min/max/multipleOf on every indexed number, so those
 * constraints live here once.
 */
export const ID_FIELD = { type: 'string', maxLength: 64 } as const;
/** ISO timestamps; indexed ones must be bounded. */
export const TIMESTAMP_FIELD = { type: 'string', maxLength: 40 } as const;
export const NULLABLE_TIMESTAMP = { type: ['string', 'null'] } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const NULLABLE_ID = { type: ['string', 'null'], maxLength: 64 } as const;
export const STRING_ARRAY = { type: 'array', items: { type: 'string' } } as const;
export const JSON_OBJECT = { type: ['object', 'null'] } as const;
export const COUNTER_FIELD = { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000, multipleOf: 1 } as const;
export const BOOLEAN_FIELD = { type: 'boolean' } as const;
/**
 * The server's `_modified` of the row this document was last synced from.
 * RxDB forbids top-level fields that start with an underscore, so it is
 * renamed on pull; push uses it to detect that the server row changed since.
 */
export const SERVER_MODIFIED_FIELD = { type: ['string', 'null'] } as const;
