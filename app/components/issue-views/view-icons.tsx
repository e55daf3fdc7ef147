// Icons only the issue views use, drawn with the shared factory in ~/components/icons.
import { icon } from "~/components/icons";

export { IconExternal, IconLink, IconPaperclip, IconPencil, IconUser } from "~/components/icons";

export const IconList = icon("list");
export const IconKanban = icon("kanban");
export const IconCalendarGrid = icon("calendar-grid");
export const IconSpreadsheet = icon("spreadsheet");
export const IconGantt = icon("gantt");
export const IconFilter = icon("filter");
export const IconSliders = icon("sliders");
export const IconSubIssues = icon("sub-issues");
export const IconTriangle = icon("triangle");
export const IconTag = icon("tag");
export const IconChevronLeft = icon("chevron-left");
export const IconArrowDownUp = icon("arrow-down-up");
