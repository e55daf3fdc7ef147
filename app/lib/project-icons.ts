// The icons a project (or anything else with a look) can wear instead of an emoji, and the
// colours offered for them. The drawings are symbols of one sprite file, fetched by the browser
// once and cached, so pages showing icons carry no icon code. Client-safe.
import sprite from "../assets/project-icons.svg";

/** The names of the sprite's symbols, in the order the picker shows them. */
export const PROJECT_ICON_NAMES = [
  "home", "star", "favorite", "rocket_launch", "bolt", "flag", "bookmark", "notifications",
  "calendar_month", "schedule", "code", "terminal", "bug_report", "database", "cloud", "language",
  "folder", "description", "menu_book", "edit", "palette", "photo_camera", "music_note", "chat",
  "mail", "smartphone", "laptop", "shopping_cart", "credit_card", "bar_chart", "trending_up", "target",
  "emoji_events", "lightbulb", "key", "lock", "shield", "tune", "build", "group",
  "person", "light_mode", "dark_mode", "eco", "local_fire_department", "deployed_code", "layers", "apps",
  "task_alt", "list", "link", "location_on", "redeem", "coffee", "school", "science",
  "flight", "inventory", "support", "visibility", "search", "public", "extension", "hub",
  "sports_esports", "savings",
] as const;

const KNOWN = new Set<string>(PROJECT_ICON_NAMES);

/** Whether the sprite draws an icon of this name (stored values may name others). */
export const isProjectIcon = (name: string) => KNOWN.has(name);

/** The colours offered for an icon; an icon nobody coloured is drawn in the default. */
export const ICON_COLORS = ["#FF6B00", "#8CC1FF", "#FCBE1D", "#18904F", "#ADF672", "#05C3FF", "#000000"] as const;
export const DEFAULT_ICON_COLOR = "#858e96";

/** An icon and its colour, as projects store it (`icon_prop`). */
export interface IconValue {
  name: string;
  color: string;
}

/** The URL of the icon's symbol, for `<use href>`. */
export const iconHref = (name: string) => `${sprite}#${name}`;

/** "rocket_launch" -> "rocket launch": how the icon is named to a screen reader and in search. */
export const iconLabel = (name: string) => name.replaceAll("_", " ");
