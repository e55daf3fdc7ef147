// Icons of the profile page, drawn with the shared stroke helper.
import { icon } from "../icons";

export const IconKey = icon("key");
export const IconArrowLeft = icon("arrow-left");
