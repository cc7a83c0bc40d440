/** How long typing must pause before a filter typed into a box is applied (explore, directory). */
export const TYPING_PAUSE_MS = 350;
