/**
 * The privacy rule of insights: a figure about fewer distinct people than the organisation's minimum
 * group size is not shown (null on the wire, "fewer than N" on screen), whatever the figure is: a
 * count, hours or a rate. Zero people is fewer too, so an empty day reads like a quiet one.
 */
export const shown = <T>(value: T, people: number, minGroupSize: number): T | null => (people >= minGroupSize ? value : null);
