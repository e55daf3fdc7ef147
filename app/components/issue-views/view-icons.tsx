// Icons only the issue views use, drawn with the shared factory in ~/components/icons.
import { icon } from "~/components/icons";

export { IconExternal, IconLink, IconPaperclip, IconPencil, IconUser } from "~/components/icons";

export const IconList = icon(<path d="M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01" />);
export const IconKanban = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M9 3v18M15 3v18" />
  </>,
);
export const IconCalendarGrid = icon(
  <>
    <rect x="3" y="4" width="18" height="17" rx="2" />
    <path d="M3 9h18M8 2v4M16 2v4M8 13h.01M12 13h.01M16 13h.01M8 17h.01M12 17h.01" />
  </>,
);
export const IconSpreadsheet = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 9h18M3 14h18M9 4v16" />
  </>,
);
export const IconGantt = icon(<path d="M4 5h9M8 10h10M6 15h7M11 20h9" />);
export const IconFilter = icon(<path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />);
export const IconSliders = icon(
  <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" />,
);
export const IconGrip = icon(
  <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" strokeWidth={3} />,
);
export const IconSubIssues = icon(<path d="M6 3v12a3 3 0 0 0 3 3h9M14 14l4 4-4 4M6 8h8" />);
export const IconTriangle = icon(<path d="M12 4 3 20h18z" />);
export const IconTag = icon(
  <>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
    <path d="M7.5 7.5h.01" />
  </>,
);
export const IconChevronLeft = icon(<path d="m15 6-6 6 6 6" />);
export const IconArrowDownUp = icon(<path d="m3 16 4 4 4-4M7 20V4M21 8l-4-4-4 4M17 4v16" />);
