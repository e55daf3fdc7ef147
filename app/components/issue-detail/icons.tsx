// Stroke icons of the issue page and modal, drawn with the shared factory in ~/components/icons.
import { icon } from "~/components/icons";

export { IconExternal, IconLink, IconPaperclip, IconPencil, IconUser } from "~/components/icons";

export const IconLabel = icon(
  <>
    <path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z" />
    <circle cx="7.5" cy="7.5" r="1" />
  </>,
);
export const IconEstimate = icon(<path d="M3 12h4l3-9 4 18 3-9h4" />);
export const IconParent = icon(
  <>
    <circle cx="6" cy="6" r="3" />
    <circle cx="18" cy="18" r="3" />
    <path d="M6 9v3a6 6 0 0 0 6 6h3" />
  </>,
);
export const IconCycleSmall = icon(
  <>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </>,
);
export const IconModuleSmall = icon(
  <>
    <path d="m12 2 9 5v10l-9 5-9-5V7z" />
    <path d="m3 7 9 5 9-5M12 12v10" />
  </>,
);
export const IconBlocked = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </>,
);
export const IconBlocking = icon(
  <>
    <path d="M12 3 3 8v8l9 5 9-5V8z" />
    <path d="M12 8v5M12 16h.01" />
  </>,
);
export const IconCopy = icon(
  <>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </>,
);
export const IconUpload = icon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />);
export const IconFile = icon(
  <>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6" />
  </>,
);
export const IconMessage = icon(<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />);
export const IconActivity = icon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
export const IconChart = icon(<path d="M3 3v18h18M7 16v-5M12 16V8M17 16v-3" />);
