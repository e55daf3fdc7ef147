// Stroke icons of the issue page and modal, drawn with the shared factory in ~/components/icons.
import { icon } from "~/components/icons";

export { IconExternal, IconLink, IconPaperclip, IconPencil, IconUser } from "~/components/icons";

export const IconLabel = icon("label");
export const IconEstimate = icon("estimate");
export const IconParent = icon("parent");
export const IconCycleSmall = icon("cycle-small");
export const IconModuleSmall = icon("module-small");
export const IconBlocked = icon("blocked");
export const IconBlocking = icon("blocking");
export const IconCopy = icon("copy");
export const IconUpload = icon("upload");
export const IconFile = icon("file");
export const IconMessage = icon("message");
export const IconActivity = icon("activity");
export const IconChart = icon("chart");
