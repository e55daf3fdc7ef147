// The My work page's loader data: one page of a tab's issues (client-safe).
import type { MyWorkPage } from "../../workers/domain/schemas/my-work";

export interface MyWorkPageData extends MyWorkPage {
  slug: string;
}
