/** Contrast checks of the e2e specs (WCAG 1.4.11: a focus indicator of at least 3:1 against what is next to it). */
import type { Locator } from '@playwright/test';

/** WCAG contrast of two CSS colours as getComputedStyle gives them (rgb()/rgba(), opaque here). */
export function contrast(one: string, other: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The focused element's ring, its outer colour (the last shadow), against the first opaque background behind the element. */
export async function focusRingContrast(element: Locator): Promise<number> {
  const { ring, behind } = await element.evaluate((node) => {
    let parent = node.parentElement;
    while (parent && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(parent).backgroundColor)) parent = parent.parentElement;
    return { ring: getComputedStyle(node).boxShadow, behind: getComputedStyle(parent ?? document.body).backgroundColor };
  });
  return contrast(over(ring.match(/rgba?\([^)]*\)/g)!.at(-1)!, behind), behind);
}

/** A colour with alpha as seen over an opaque one: what the eye compares. */
function over(color: string, background: string): string {
  const [r, g, b, alpha = 1] = color.match(/[\d.]+/g)!.map(Number);
  const under = background.match(/[\d.]+/g)!.map(Number);
  return `rgb(${[r!, g!, b!].map((channel, index) => channel * alpha + under[index]! * (1 - alpha)).join(', ')})`;
}
