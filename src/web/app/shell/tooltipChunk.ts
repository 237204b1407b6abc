/** Mantine's Tooltip as its own chunk (LazyTooltip.tsx): it brings the floating-ui positioning library. */
export { Tooltip } from '@mantine/core';
