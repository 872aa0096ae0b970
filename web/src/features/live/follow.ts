/**
 * The live panel's auto-scroll: it follows new text while the reader is at the end, stops when they scroll
 * up, and follows again once they are back at the end. Pure: the panel measures, this decides.
 */
/** Within this many pixels of the end counts as at the end (rounding, and a line being laid out). */
const END_SLACK_PX = 16;

export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

export const isAtEnd = ({ scrollTop, clientHeight, scrollHeight }: ScrollBox): boolean => scrollHeight - clientHeight - scrollTop <= END_SLACK_PX;
