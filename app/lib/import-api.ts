// Small helpers the import and export screens share. Client-safe.

/** "2,500": counts as people read them. */
export const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);
