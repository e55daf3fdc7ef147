// Icons of the profile page, drawn with the shared stroke helper.
import { icon } from "../icons";

export const IconKey = icon(
  <>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
  </>,
);
export const IconArrowLeft = icon(<path d="M19 12H5M12 19l-7-7 7-7" />);
