// Client-safe constants of the project forms.
import defaultCover from "~/assets/default-cover.svg";
import { NETWORK } from "../../workers/domain/schemas/projects";

export { ROLE } from "../../workers/domain/schemas/constants";

export const DEFAULT_COVER_IMAGE = defaultCover;

/** Emoji for a new project: a fixed list of 13 code points, one picked at random. */
export const PROJECT_EMOJIS = [
  "127773", "128640", "128161", "127919", "128204", "127891", "128736",
  "127752", "128293", "9889", "127793", "128142", "129513",
] as const;

export function randomProjectEmoji() {
  return PROJECT_EMOJIS[Math.floor(Math.random() * PROJECT_EMOJIS.length)];
}

export const NETWORK_OPTIONS = [
  { value: NETWORK.public, label: "Public", description: "Anyone in the workspace can join" },
  { value: NETWORK.secret, label: "Secret", description: "Only people invited can access" },
] as const;

/** Typed into the delete dialog to confirm. */
export const DELETE_PROJECT_PHRASE = "delete my project";
