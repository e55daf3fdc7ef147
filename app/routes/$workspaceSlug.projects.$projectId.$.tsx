// Project sections whose pages are not built yet land
// here inside the project shell instead of on a bare 404; real routes take precedence.
import { Link, useParams } from "@remix-run/react";
import { IconPages } from "~/components/icons";
import { InlineState } from "~/components/shell-states";
import { buttonClass } from "~/components/ui";
import { projectIssuesPath } from "~/lib/paths";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

const SECTIONS: Record<string, string> = {
  settings: "Settings",
};

export const handle: ProjectPageHandle = {
  crumb: (params) => SECTIONS[(params["*"] ?? "").split("/")[0]] ?? "Not found",
};

export default function ProjectSectionPlaceholder() {
  const params = useParams();
  const section = SECTIONS[(params["*"] ?? "").split("/")[0]];
  return (
    <InlineState
      icon={<IconPages size={24} />}
      title={section ? `${section} are on their way` : "Page not found"}
      description={
        section
          ? "This part of the project is not available yet. Issues are ready to use."
          : "The page you are looking for does not exist in this project."
      }
    >
      <Link to={projectIssuesPath(params.workspaceSlug ?? "", params.projectId ?? "")} className={buttonClass("primary")}>
        Go to issues
      </Link>
    </InlineState>
  );
}
