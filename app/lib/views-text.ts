// What saved views say when a write succeeds or fails (toasts), in one place. Client-safe and
// zod-free: the views list, the view dialog and the issue views all show them.
export const VIEW_TEXT = {
  created: "View created successfully.",
  updated: "View updated successfully.",
  deleted: "View deleted successfully.",
  createFailed: "View could not be created. Please try again.",
  updateFailed: "View could not be updated. Please try again.",
  deleteFailed: "View could not be deleted. Please try again.",
  favoriteFailed: "Couldn't add the view to favorites. Please try again.",
  unfavoriteFailed: "Couldn't remove the view from favorites. Please try again.",
} as const;
