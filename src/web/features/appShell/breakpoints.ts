/** SPEC 2.10 / 9: under 768 px dates are shortened; under 640 px wide content shows a scroll hint. */
export const SHORT_DATES_BELOW_PX = 768;
export const SCROLL_HINT_BELOW_PX = 640;

export const SHORT_DATES_QUERY = `(max-width: ${SHORT_DATES_BELOW_PX - 0.02}px)`;
export const SCROLL_HINT_QUERY = `(max-width: ${SCROLL_HINT_BELOW_PX - 0.02}px)`;
