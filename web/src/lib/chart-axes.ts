/**
 * The axes of a @mantine/charts chart in the reading direction: in a right-to-left
 * language time runs from the right and the value axis stands on the right.
 */
export function chartAxes(rtl: boolean) {
  return { xAxisProps: { reversed: rtl }, yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const) } };
}
