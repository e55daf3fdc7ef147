// Stroke icons (24px grid, lucide-style paths) so the app needs no icon package. Their shapes
// live once, in the sprite app/assets/icons.svg (a <symbol> per icon); a page draws each icon as
// a reference to it, so a board of 35 cards does not repeat 48 KB of paths in its document and
// the paths are not in the JavaScript either. The browser fetches the sprite once and caches it.
import type { SVGProps } from "react";
import sprite from "../assets/icons.svg";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * One icon component, drawn from the sprite's symbol `name`; feature folders name theirs with it.
 * The stroke defaults come from the `icon` class (app/styles/app.css), so a drawing carries two
 * attributes and the reference; a caller changes `fill` or `strokeWidth` through `style`.
 */
export function icon(name: string) {
  const href = `${sprite}#${name}`;
  return function Icon({ size = 16, className, ...props }: IconProps) {
    return (
      <svg width={size} height={size} className={className ? `icon ${className}` : "icon"} aria-hidden="true" {...props}>
        <use href={href} />
      </svg>
    );
  };
}

export const IconInbox = icon("inbox");

export const IconGrid = icon("grid");
export const IconChevronRight = icon("chevron-right");
export const IconChevronDown = icon("chevron-down");
export const IconChevronUpDown = icon("chevron-up-down");
export const IconStar = icon("star");
export const IconPlus = icon("plus");
export const IconIssues = icon("issues");
export const IconCycle = icon("cycle");
export const IconModule = icon("module");
export const IconViews = icon("views");
export const IconPages = icon("pages");
export const IconSettings = icon("settings");
export const IconPanelLeft = icon("panel-left");
export const IconMenu = icon("menu");
export const IconDots = icon("dots");
export const IconTrash = icon("trash");
export const IconLogout = icon("logout");
export const IconMail = icon("mail");
export const IconUsers = icon("users");
export const IconLock = icon("lock");
export const IconGlobe = icon("globe");
export const IconCheck = icon("check");
export const IconX = icon("x");
export const IconCalendar = icon("calendar");
export const IconAlert = icon("alert");
export const IconSearch = icon("search");
export const IconExternal = icon("external");
export const IconLink = icon("link");
export const IconPaperclip = icon("paperclip");
export const IconPencil = icon("pencil");
export const IconUser = icon("user");
