// The views' display: layout, grouping, order, filters and which properties the cards show. A
// change shows at once and is saved as the user's preference; inside a saved view the filters are
// the view's, changed locally until "Update view" saves them to the view.
import { useCallback, useState } from "react";
import type { useToast } from "~/components/toast";
import { useFailurePolicy } from "~/hooks/use-action";
import { failureOfAnswer } from "~/lib/action-answer";
import {
  type FilterKey,
  type IssuePropertyKey,
  type IssuePropertyToggles,
  type ViewProps,
  displayPropsPatch,
  normaliseFilters,
} from "~/lib/issue-display";
import { VIEW_TEXT } from "~/lib/views-text";
import type { IssueViewsData } from "./model";
import type { WriteIntent } from "./use-optimistic-writes";

export function useViewDisplay(data: IssueViewsData, write: WriteIntent, toast: ReturnType<typeof useToast>) {
  const fail = useFailurePolicy();
  const [props, setProps] = useState<ViewProps>(data.display);
  const [toggles, setToggles] = useState<IssuePropertyToggles>(data.properties.toggles);

  const saveDisplay = useCallback(
    (patch: Partial<ViewProps>) => {
      const body = { ...patch, ...(patch.filters ? { filters: normaliseFilters(patch.filters) } : {}) };
      write({ intent: "display", view_props: body }, undefined, (result) => {
        if (!result.ok) console.error("Display preferences could not be saved.", result.error);
      });
    },
    [write],
  );

  const changeDisplay = (change: Partial<ViewProps>) => {
    const patch = displayPropsPatch(props, change);
    setProps((current) => ({ ...current, ...patch }));
    if (data.source.kind === "view" && patch.filters) {
      const { filters: _filters, ...rest } = patch;
      if (Object.keys(rest).length) saveDisplay(rest);
    } else {
      saveDisplay(patch);
    }
  };

  const setFilters = (filters: ViewProps["filters"]) => changeDisplay({ filters });

  const toggleFilter = (key: FilterKey, value: string) => {
    const current = props.filters[key] ?? [];
    const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
    setFilters({ ...props.filters, [key]: next.length ? next : null });
  };

  const toggleProperty = (key: IssuePropertyKey) => {
    const value = !toggles[key];
    setToggles((current) => ({ ...current, [key]: value }));
    write({ intent: "properties", properties: { [key]: value } }, undefined, (result) => {
      if (!result.ok) console.error("Issue properties could not be saved.", result.error);
    });
  };

  const updateView = () => {
    write({ intent: "update-view", query_data: normaliseFilters(props.filters) }, undefined, (result) => {
      const failure = failureOfAnswer(result);
      if (failure) fail(failure, { message: VIEW_TEXT.updateFailed });
      else toast.show({ type: "success", title: "Success!", message: VIEW_TEXT.updated });
    });
  };

  return { props, toggles, changeDisplay, setFilters, toggleFilter, toggleProperty, updateView };
}
