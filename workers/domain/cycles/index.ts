// Cycles: time-boxed sprints whose status follows from their dates (../cycle-status.ts). What
// they share with modules (issue membership, progress counts, issue lists) is in ../issue-groups/.
export { addFavoriteCycle, createCycle, deleteCycle, getCycle, listCycles, removeFavoriteCycle, updateCycle } from "./crud";
export { addCycleIssues, listCycleIssues, removeCycleIssue, transferCycleIssues } from "./cycle-issues";
export { checkCycleDates } from "./date-check";
export { CYCLE_NOT_EDITABLE } from "./rules";
export { CYCLE_NOT_FOUND, type CycleView, cycleOf } from "./views";
export { cyclePanelOf, transferTargetsOf } from "./panel";
