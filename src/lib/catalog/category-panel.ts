/** The header's category panel (SPEC §2, §9): its scroll step, arrows and hover delay. */

/** Category panel scroll step in pixels. */
export const CATEGORY_SCROLL_STEP_PX = 55;
/** Up/down arrows appear when there are this many first-level categories or more. */
export const CATEGORY_ARROWS_AT = 9;
/** A first-level category opens its panel after the pointer rests on it this long. */
export const CATEGORY_HOVER_MS = 100;
