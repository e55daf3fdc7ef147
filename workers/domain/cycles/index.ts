// Cycles: time-boxed sprints whose status follows from their dates (../cycle-status.ts). What
// they share with modules (issue membership, progress counts, issue lists) is in ../issue-groups/.
export { addFavoriteCycle, createCycle, deleteCycle, removeFavoriteCycle, updateCycle } from "./commands";
export { addCycleIssues, listCycleIssues, removeCycleIssue, transferCycleIssues } from "./cycle-issues";
export { CYCLE_NOT_EDITABLE } from "./rules";
export { CYCLE_NOT_FOUND, type CycleView, cycleOf } from "./views";
export { checkCycleDates, cyclePanelOf, getCycle, listCycles, transferTargetsOf } from "./read-model";
