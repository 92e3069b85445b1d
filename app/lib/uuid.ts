const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs and forms are UUIDs; anything else is refused before it reaches SQL. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
