// A person's notification mail: instant mail for mentions and assignments, a digest of the rest
// every few hours, or neither. Client-safe: the profile's section and the REST handler parse the
// same schema.
import { z } from "zod";

/** How often a digest may come, in hours; 0 means no digest. */
export const DIGEST_HOURS = [0, 1, 4, 12, 24] as const;
export type DigestHours = (typeof DIGEST_HOURS)[number];

/** What a person gets before they choose: mentions and assignments at once, the rest every 4 hours. */
export const DEFAULT_NOTIFICATION_MAIL = { instant: true, digest_hours: 4 } as const satisfies NotificationMailPreferences;

export const INSTANT_MUST_BE_BOOLEAN = "instant must be true or false";
export const DIGEST_HOURS_CHOICES = "Choose a digest every 1, 4, 12 or 24 hours, or 0 for none";

/** Both preferences. */
export const NotificationMailFields = z.object({
  instant: z.boolean({ error: INSTANT_MUST_BE_BOOLEAN }),
  digest_hours: z.literal(DIGEST_HOURS, { error: DIGEST_HOURS_CHOICES }),
});

/** A change to the preferences: either field alone, or both. */
export const NotificationMailInput = NotificationMailFields.partial();

/** A person's notification mail as the API answers it. */
export interface NotificationMailPreferences {
  /** A mail as soon as someone mentions or assigns the person. */
  instant: boolean;
  /** A digest of the rest every so many hours; 0 for none. */
  digest_hours: DigestHours;
}

/** How the profile names each digest choice. */
export const DIGEST_LABEL: Record<DigestHours, string> = {
  0: "Never",
  1: "Every hour",
  4: "Every 4 hours",
  12: "Every 12 hours",
  24: "Once a day",
};
